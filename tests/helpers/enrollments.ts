// Helpers for the registration-chain API tests: many learners at once (one password hash, tokens issued
// directly), open plans created through the API, and small valid images.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { issueToken } from '../../src/server/auth/tokens.ts';
import type { Db } from '../../src/server/db/client.ts';
import {
  ethnicGroups,
  educationalBackgrounds,
  learners,
  organizations,
  politicalAffiliations,
  userSources,
} from '../../src/server/db/schema/index.ts';
import { png, demoPhoto } from '../../src/server/demo/images.ts';
import { localFolderStorage, type FileStorage } from '../../src/server/storage/service.ts';
import { saveUpload, uploadUrl } from '../../src/server/uploads/service.ts';
import { request, type Json } from './api.ts';

/** The data dir whose uploads/ holds the demo files written by the global setup. */
export const DEMO_DATA_DIR = '.tmp/api-demo';

const DAY = 24 * 3600_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let passwordHash: Promise<string> | undefined;
let serial = 0;

export interface TestLearner {
  id: number;
  username: string;
  token: string;
}

async function firstId(
  db: Db,
  table:
    typeof ethnicGroups | typeof politicalAffiliations | typeof educationalBackgrounds | typeof userSources,
) {
  const [row] = await db.select({ id: table.id }).from(table).limit(1);
  return row!.id;
}

/**
 * Inserts `count` learners (complete profiles with a stored 2-inch photo unless `complete: false`) and
 * issues each a token. Bypasses sign-up on purpose: these tests are about enrolment, not accounts.
 */
export async function createLearners(
  db: Db,
  /** The app's storage, or a local upload folder (config.uploadDir). */
  files: FileStorage | string,
  count: number,
  { complete = true }: { complete?: boolean } = {},
): Promise<TestLearner[]> {
  passwordHash ??= hashPassword('Test@2026x');
  const hash = await passwordHash;
  const profile = complete
    ? {
        realName: '测试考生',
        sex: 'male',
        ethnicGroupId: await firstId(db, ethnicGroups),
        politicalAffiliationId: await firstId(db, politicalAffiliations),
        educationalBackgroundId: await firstId(db, educationalBackgrounds),
        userSourceId: await firstId(db, userSources),
        provinceCode: '32',
        cityCode: '3201',
        areaCode: '320106',
        address: '江苏省南京市鼓楼区测试路 1 号',
      }
    : {};
  const run = `${process.pid % 1000}${Date.now() % 100000}`;
  const rows = Array.from({ length: count }, () => {
    const n = ++serial;
    return {
      username: `t${run}_${n}`,
      passwordHash: hash,
      phone: `19${String(Number(run) * 1000 + n)
        .padStart(9, '0')
        .slice(-9)}`,
      idCard: `T${run}${String(n).padStart(6, '0')}`.slice(0, 18),
      ...profile,
    };
  });
  const inserted = await db
    .insert(learners)
    .values(rows)
    .returning({ id: learners.id, username: learners.username });
  const result: TestLearner[] = [];
  const photo = complete ? demoPhoto() : null;
  const storage = typeof files === 'string' ? localFolderStorage(files) : files;
  for (const row of inserted) {
    if (photo) {
      const upload = await saveUpload(db, storage, {
        owner: { learnerId: row.id },
        kind: 'photo',
        fileName: 'photo.png',
        content: photo,
      });
      await db
        .update(learners)
        .set({ photo: uploadUrl(upload.id) })
        .where(eq(learners.id, row.id));
    }
    const token = await issueToken(db, 'learners', row.id);
    result.push({ id: row.id, username: row.username, token: token.access_token });
  }
  return result;
}

export async function collegeIds(db: Db) {
  const rows = await db.select({ id: organizations.id, code: organizations.code }).from(organizations);
  return {
    jiangnan: rows.find((r) => r.code === '1001')!.id,
    binhai: rows.find((r) => r.code === '1002')!.id,
  };
}

export async function occupationId(app: FastifyInstance, token: string, code = '6-31-01-03') {
  const res = await request(app, { method: 'GET', url: '/api/v1/occupations', token });
  return (res.json() as { data: { id: number; code: string }[] }).data.find((o) => o.code === code)!.id;
}

/**
 * A plan body valid for POST /v1/admin/plans: window open now, exam a month later. Tests create many
 * such plans side by side on purpose, so the body confirms past the duplicate warning (409004).
 */
export function planBody(occupation: number, organization: number, overrides: Json = {}): Json {
  return {
    confirm_duplicate: true,
    title: '测试电工四级认定',
    occupation_id: occupation,
    level: 4,
    organization_id: organization,
    registration_starts_at: daysFromNow(-1),
    registration_ends_at: daysFromNow(10),
    fee_fen: 15000,
    capacity: 50,
    required_materials: [],
    form_fields: ['real_name', 'id_number', 'phone'],
    sessions: [
      {
        kind: 'theory',
        name: '理论考试',
        starts_at: daysFromNow(20),
        ends_at: new Date(Date.now() + 20 * DAY + 7200_000).toISOString(),
      },
    ],
    ...overrides,
  };
}

/** Creates and publishes a plan through the API; answers its id. */
export async function openPlan(app: FastifyInstance, managerToken: string, body: Json): Promise<number> {
  const created = await request(app, {
    method: 'POST',
    url: '/api/v1/admin/plans',
    token: managerToken,
    payload: body,
  });
  if (created.statusCode !== 201) throw new Error(`create plan: ${created.statusCode} ${created.body}`);
  const id = (created.json() as { id: number }).id;
  const published = await request(app, {
    method: 'POST',
    url: `/api/v1/admin/plans/${id}/transition`,
    token: managerToken,
    payload: { action: 'publish' },
  });
  if (published.statusCode !== 200)
    throw new Error(`publish plan: ${published.statusCode} ${published.body}`);
  return id;
}

/** A multipart body with one file and a `kind` field. */
export function multipart(
  kind: string,
  fileName: string,
  content: Buffer,
  mime = 'application/octet-stream',
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export { png, demoPhoto };
