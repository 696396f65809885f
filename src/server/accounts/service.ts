// Organisations, administrator and learner accounts. Every way an account comes to exist (sign-up,
// the admin:create command, the demo dataset, later imports) goes through these functions, so the
// username, password, phone and ID-card rules hold for all of them.
import { eq, or, sql } from 'drizzle-orm';
import { ADMINISTRATOR_TYPES, type AdministratorType } from '../../shared/api/constants.ts';
import { idCardProblem, normalizeIdCard, parseIdCard } from '../../shared/auth/id-card.ts';
import { validatePassword } from '../../shared/auth/password.ts';
import { validatePhone } from '../../shared/auth/phone.ts';
import type { OrganizationNode, UserInfo } from '../../shared/auth/schema.ts';
import { USERNAME_PATTERN } from '../../shared/auth/schema.ts';
import { revokeAllTokens } from '../auth/service.ts';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import type { DbOrTx } from '../db/client.ts';
import { administrators, learners, organizations } from '../db/schema/index.ts';
import { fieldError, notFound, validationFailed } from '../errors.ts';
import type { AdminPrincipal, Principal } from '../plugins/auth.ts';

const USERNAME_MESSAGE = '用户名须以字母开头，由 4-32 位字母、数字或下划线组成';

/** The constraint a unique violation broke (pg and PGlite both report SQLSTATE 23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return null;
}

// --- organisations ---------------------------------------------------------------------------------

export type OrganizationKind = 'college' | 'department';

export interface NewOrganization {
  name: string;
  code: string;
  parentId?: number | null;
  kind?: OrganizationKind;
  sort?: number;
}

export async function createOrganization(db: DbOrTx, input: NewOrganization) {
  const name = input.name.trim();
  const code = input.code.trim();
  const errors: Record<string, string[]> = {};
  if (!name || name.length > 100) errors.name = ['机构名称应为 1-100 个字符'];
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(code)) errors.code = ['机构代码应为 1-32 位字母、数字、下划线或连字符'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (input.parentId != null) {
    const [parent] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.parentId));
    if (!parent) throw fieldError('parent_id', '上级机构不存在');
  }
  try {
    const [row] = await db
      .insert(organizations)
      .values({
        name,
        code,
        parentId: input.parentId ?? null,
        kind: input.kind ?? (input.parentId == null ? 'college' : 'department'),
        sort: input.sort ?? 0,
      })
      .returning();
    return row!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw fieldError('code', '机构代码已存在');
    throw error;
  }
}

type OrganizationRow = typeof organizations.$inferSelect;

/** The forest of organisations, or the subtree under `rootId` (a college administrator's view). */
export function buildOrganizationTree(rows: OrganizationRow[], rootId?: number | null): OrganizationNode[] {
  const byParent = new Map<number | null, OrganizationRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const order = (a: OrganizationRow, b: OrganizationRow) => a.sort - b.sort || a.id - b.id;
  const node = (row: OrganizationRow, seen: Set<number>): OrganizationNode => {
    seen.add(row.id);
    const children = (byParent.get(row.id) ?? []).filter((child) => !seen.has(child.id)).sort(order);
    return {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      code: row.code,
      kind: row.kind,
      sort: row.sort,
      enabled: row.enabled,
      children: children.map((child) => node(child, seen)),
    };
  };
  if (rootId != null) {
    const root = rows.find((row) => row.id === rootId);
    return root ? [node(root, new Set())] : [];
  }
  return (byParent.get(null) ?? []).sort(order).map((row) => node(row, new Set()));
}

/** GET /v1/user/structure: everything for founder and manager, its own subtree for a college admin. */
export async function organizationTreeFor(db: DbOrTx, admin: AdminPrincipal): Promise<OrganizationNode[]> {
  const rows = await db.select().from(organizations);
  if (admin.administratorType === 'college') {
    return admin.organizationId == null ? [] : buildOrganizationTree(rows, admin.organizationId);
  }
  return buildOrganizationTree(rows);
}

// --- administrators --------------------------------------------------------------------------------

export interface NewAdministrator {
  username: string;
  password: string;
  realName: string;
  administratorType: AdministratorType;
  organizationId?: number | null;
  phone?: string | null;
}

export async function createAdministrator(db: DbOrTx, input: NewAdministrator) {
  const username = input.username.trim();
  const realName = input.realName.trim();
  const errors: Record<string, string[]> = {};
  if (!USERNAME_PATTERN.test(username)) errors.username = [USERNAME_MESSAGE];
  const passwordProblem = validatePassword(input.password, username);
  if (passwordProblem) errors.password = [passwordProblem];
  if (!realName || realName.length > 64) errors.real_name = ['姓名应为 1-64 个字符'];
  if (!ADMINISTRATOR_TYPES.includes(input.administratorType)) {
    errors.administrator_type = ['管理员类型只能是 founder、manager 或 college'];
  }
  if (input.administratorType === 'college' && input.organizationId == null) {
    errors.organization_id = ['院校管理员必须属于一个机构'];
  }
  if (input.phone && !validatePhone(input.phone)) errors.phone = ['手机号格式不正确'];
  if (Object.keys(errors).length) throw validationFailed(errors);

  if (input.organizationId != null) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId));
    if (!org) throw fieldError('organization_id', '所属机构不存在');
  }
  const [taken] = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(sql`lower(${administrators.username}) = ${username.toLowerCase()}`);
  if (taken) throw fieldError('username', '该用户名已被使用');

  try {
    const [row] = await db
      .insert(administrators)
      .values({
        username,
        passwordHash: await hashPassword(input.password),
        realName,
        administratorType: input.administratorType,
        organizationId: input.organizationId ?? null,
        phone: input.phone || null,
      })
      .returning({
        id: administrators.id,
        username: administrators.username,
        realName: administrators.realName,
        administratorType: administrators.administratorType,
        organizationId: administrators.organizationId,
      });
    return row!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw fieldError('username', '该用户名已被使用');
    throw error;
  }
}

// --- learners --------------------------------------------------------------------------------------

export interface NewLearner {
  username: string;
  password: string;
  phone: string;
  idCard: string;
  realName?: string;
  organizationId?: number | null;
  /** Optional profile fields (the learner completes the rest in /userCenter/userInfo). */
  profile?: Partial<
    Pick<
      typeof learners.$inferInsert,
      | 'address'
      | 'employer'
      | 'email'
      | 'userSourceId'
      | 'politicalAffiliationId'
      | 'ethnicGroupId'
      | 'educationalBackgroundId'
      | 'provinceCode'
      | 'cityCode'
      | 'areaCode'
    >
  >;
}

const LEARNER_UNIQUE_FIELDS: Record<string, [field: string, message: string]> = {
  learners_username_key: ['username', '该用户名已被注册'],
  learners_phone_key: ['phone', '该手机号已被注册'],
  learners_id_card_key: ['id_card', '该身份证号码已被注册'],
};

/** The field errors for whichever of username, phone and ID card another learner already has. */
export async function learnerDuplicates(
  db: DbOrTx,
  input: { username: string; phone: string; idCard: string },
): Promise<Record<string, string[]>> {
  const username = input.username.trim().toLowerCase();
  const idCard = normalizeIdCard(input.idCard);
  const rows = await db
    .select({ username: learners.username, phone: learners.phone, idCard: learners.idCard })
    .from(learners)
    .where(
      or(
        sql`lower(${learners.username}) = ${username}`,
        eq(learners.phone, input.phone),
        sql`upper(${learners.idCard}) = ${idCard}`,
      ),
    );
  const errors: Record<string, string[]> = {};
  for (const row of rows) {
    if (row.username.toLowerCase() === username)
      errors.username = [LEARNER_UNIQUE_FIELDS.learners_username_key![1]];
    if (row.phone === input.phone) errors.phone = [LEARNER_UNIQUE_FIELDS.learners_phone_key![1]];
    if (row.idCard.toUpperCase() === idCard)
      errors.id_card = [LEARNER_UNIQUE_FIELDS.learners_id_card_key![1]];
  }
  return errors;
}

/** Checks the rules and uniqueness of a new learner without writing anything. */
export async function checkNewLearner(db: DbOrTx, input: NewLearner) {
  const username = input.username.trim();
  const errors: Record<string, string[]> = {};
  if (!USERNAME_PATTERN.test(username)) errors.username = [USERNAME_MESSAGE];
  const passwordProblem = validatePassword(input.password, username);
  if (passwordProblem) errors.password = [passwordProblem];
  if (!validatePhone(input.phone)) errors.phone = ['手机号格式不正确'];
  const idProblem = idCardProblem(input.idCard);
  if (idProblem) errors.id_card = [idProblem];
  if (input.realName !== undefined && input.realName.trim().length > 64)
    errors.real_name = ['姓名不能超过 64 个字符'];
  if (Object.keys(errors).length) throw validationFailed(errors);
  const duplicates = await learnerDuplicates(db, { username, phone: input.phone, idCard: input.idCard });
  if (Object.keys(duplicates).length) throw validationFailed(duplicates);
}

/** Creates a learner after the same checks as sign-up (minus SMS and captcha). */
export async function createLearner(db: DbOrTx, input: NewLearner) {
  await checkNewLearner(db, input);
  const idCard = normalizeIdCard(input.idCard);
  const identity = parseIdCard(idCard)!;
  try {
    const [row] = await db
      .insert(learners)
      .values({
        ...input.profile,
        username: input.username.trim(),
        passwordHash: await hashPassword(input.password),
        phone: input.phone,
        idCard,
        realName: input.realName?.trim() ?? '',
        sex: identity.sex,
        birthDate: identity.birthDate,
        organizationId: input.organizationId ?? null,
      })
      .returning({ id: learners.id, username: learners.username });
    return row!;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    // Another sign-up with the same value won the race between the check and the insert.
    const [field, message] = LEARNER_UNIQUE_FIELDS[constraint] ?? ['username', '该账号已被注册'];
    throw fieldError(field, message);
  }
}

/**
 * Gives a learner a new generated password (staff hand it over) and ends the learner's sessions, since
 * the old password may be known to someone else. Answers the password, which is stored only as a hash.
 */
export async function replaceLearnerPassword(db: DbOrTx, learnerId: number): Promise<string> {
  const password = generatePassword();
  await db
    .update(learners)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(learners.id, learnerId));
  await revokeAllTokens(db, 'learners', learnerId);
  return password;
}

// --- who am I --------------------------------------------------------------------------------------

/** GET /v1/user/info (spec §3). */
export async function userInfo(db: DbOrTx, principal: Principal): Promise<UserInfo> {
  // One round trip each: the organisation name comes with the account row.
  if (principal.kind === 'administrators') {
    const [admin] = await db
      .select({ account: administrators, structureName: organizations.name })
      .from(administrators)
      .leftJoin(organizations, eq(organizations.id, administrators.organizationId))
      .where(eq(administrators.id, principal.id));
    if (!admin) throw notFound('账号不存在');
    const administratorType = admin.account.administratorType as AdministratorType;
    return {
      id: admin.account.id,
      username: admin.account.username,
      real_name: admin.account.realName,
      avatar: admin.account.avatar,
      introduction: admin.account.introduction,
      userable_type: 'administrators',
      structure_name: admin.structureName ?? '',
      administrator_type: administratorType,
      roles: [administratorType],
    };
  }
  const [learner] = await db
    .select({
      id: learners.id,
      username: learners.username,
      realName: learners.realName,
      avatar: learners.avatar,
      introduction: learners.introduction,
      structureName: organizations.name,
    })
    .from(learners)
    .leftJoin(organizations, eq(organizations.id, learners.organizationId))
    .where(eq(learners.id, principal.id));
  if (!learner) throw notFound('账号不存在');
  return {
    id: learner.id,
    username: learner.username,
    real_name: learner.realName,
    avatar: learner.avatar,
    introduction: learner.introduction,
    userable_type: 'learners',
    structure_name: learner.structureName ?? '',
    administrator_type: null,
    roles: ['learner'],
  };
}
