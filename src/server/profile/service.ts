// The learner's own profile (/userCenter/userInfo) and the completeness rule applying depends on:
// a field of PROFILE_REQUIRED_FIELDS left empty answers 403002, and the page sends the learner here.
// City and county are required only where GB/T 2260 has them (e.g. 东莞 has no counties).
import { eq } from 'drizzle-orm';
import type { Language } from '../../shared/api/constants.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import {
  PROFILE_REQUIRED_FIELDS,
  type LearnerProfile,
  type ProfileRequiredField,
  type profileUpdateSchema,
} from '../../shared/profile/schema.ts';
import type { Region } from '../../shared/lookups/schema.ts';
import { SEXES, SEX_LABELS } from '../../shared/enrollments/schema.ts';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { learners } from '../db/schema/index.ts';
import { fieldError, forbidden, notFound, validationFailed } from '../errors.ts';
import { lookupName } from '../i18n/lookups.ts';
import { DEFAULT_SERVER_LANGUAGE } from '../lib/request-language.ts';
import { LOOKUP_TABLES } from '../lookups/service.ts';
import { areasOf, citiesOf, provinces } from '../regions/service.ts';
import { findUpload, uploadIdFromUrl, uploadUrl } from '../uploads/service.ts';

export type LearnerRow = typeof learners.$inferSelect;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

const regionList = (cached: { body: string } | undefined): Region[] | undefined =>
  cached ? (JSON.parse(cached.body) as { data: Region[] }).data : undefined;

const regionName = (list: Region[] | undefined, code: string | null) =>
  (code && list?.find((r) => r.code === code)?.name) || '';

export function missingProfileFields(learner: LearnerRow): ProfileRequiredField[] {
  const missing: ProfileRequiredField[] = [];
  if (!learner.realName.trim()) missing.push('real_name');
  if (!learner.sex) missing.push('sex');
  if (!learner.ethnicGroupId) missing.push('ethnic_group_id');
  if (!learner.politicalAffiliationId) missing.push('political_affiliation_id');
  if (!learner.educationalBackgroundId) missing.push('educational_background_id');
  if (!learner.userSourceId) missing.push('user_source_id');
  if (!learner.provinceCode) missing.push('province_code');
  else if (!learner.cityCode) {
    if (regionList(citiesOf(learner.provinceCode))?.length) missing.push('city_code');
  } else if (!learner.areaCode && regionList(areasOf(learner.cityCode))?.length) missing.push('area_code');
  if (!learner.address.trim()) missing.push('address');
  if (!uploadIdFromUrl(learner.photo)) missing.push('photo');
  return missing;
}

export async function loadLearner(db: DbOrTx, learnerId: number) {
  const [row] = await db.select().from(learners).where(eq(learners.id, learnerId)).limit(1);
  if (!row) throw notFound('学员不存在');
  return row;
}

/** Throws 403002 with the missing fields named, for applying (PRODUCT.md §2). */
export function assertProfileComplete(learner: LearnerRow) {
  const missing = missingProfileFields(learner);
  if (missing.length) {
    const labels = missing.map((field) => PROFILE_REQUIRED_FIELDS[field]).join('、');
    throw forbidden(`请先完善个人资料：${labels}`, ERROR_CODES.profileIncomplete);
  }
}

async function lookupEntryName(
  db: DbOrTx,
  kind: keyof typeof LOOKUP_TABLES,
  id: number | null,
  lang: Language,
) {
  if (!id) return '';
  const table = LOOKUP_TABLES[kind];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id)).limit(1);
  return row ? lookupName(lang, kind, row.name) : '';
}

/** GET /v1/learner/info; the lookup entries' names in `lang` (staff views read them in Chinese). */
export async function getProfile(
  db: DbOrTx,
  learnerId: number,
  lang: Language = DEFAULT_SERVER_LANGUAGE,
): Promise<LearnerProfile> {
  const l = await loadLearner(db, learnerId);
  const missing = missingProfileFields(l);
  const cities = l.provinceCode ? regionList(citiesOf(l.provinceCode)) : undefined;
  const areas = l.cityCode ? regionList(areasOf(l.cityCode)) : undefined;
  return {
    id: l.id,
    username: l.username,
    phone: l.phone,
    id_card: l.idCard,
    real_name: l.realName,
    // Stored only through profileUpdateSchema's enum; anything else reads as unset.
    sex: SEXES.find((sex) => sex === l.sex) ?? null,
    sex_name: l.sex ? (SEX_LABELS[l.sex as keyof typeof SEX_LABELS] ?? '') : '',
    birth_date: l.birthDate,
    ethnic_group_id: l.ethnicGroupId,
    ethnic_group_name: await lookupEntryName(db, 'ethnicGroups', l.ethnicGroupId, lang),
    political_affiliation_id: l.politicalAffiliationId,
    political_affiliation_name: await lookupEntryName(
      db,
      'politicalAffiliations',
      l.politicalAffiliationId,
      lang,
    ),
    educational_background_id: l.educationalBackgroundId,
    educational_background_name: await lookupEntryName(
      db,
      'educationalBackgrounds',
      l.educationalBackgroundId,
      lang,
    ),
    user_source_id: l.userSourceId,
    user_source_name: await lookupEntryName(db, 'userSources', l.userSourceId, lang),
    province_code: l.provinceCode,
    province_name: regionName(regionList(provinces()), l.provinceCode),
    city_code: l.cityCode,
    city_name: regionName(cities, l.cityCode),
    area_code: l.areaCode,
    area_name: regionName(areas, l.areaCode),
    address: l.address,
    employer: l.employer,
    email: l.email,
    introduction: l.introduction,
    avatar: l.avatar,
    avatar_upload_id: uploadIdFromUrl(l.avatar),
    photo: l.photo,
    photo_upload_id: uploadIdFromUrl(l.photo),
    complete: missing.length === 0,
    missing_fields: missing.map((field) => ({ field, label: PROFILE_REQUIRED_FIELDS[field] })),
  };
}

async function assertLookup(
  db: DbOrTx,
  kind: keyof typeof LOOKUP_TABLES,
  field: string,
  label: string,
  id: number | undefined,
) {
  if (id === undefined) return;
  const table = LOOKUP_TABLES[kind];
  const [row] = await db.select({ enabled: table.enabled }).from(table).where(eq(table.id, id)).limit(1);
  if (!row?.enabled) throw fieldError(field, `${label}不存在`);
}

async function assertOwnUpload(
  db: DbOrTx,
  learnerId: number,
  field: string,
  id: string | null | undefined,
  kinds: string[],
) {
  if (!id) return;
  const upload = await findUpload(db, id);
  if (!upload || upload.ownerLearnerId !== learnerId) throw fieldError(field, '文件不存在，请重新上传');
  if (!kinds.includes(upload.kind)) throw fieldError(field, '文件类型不符，请重新上传');
}

/** POST /v1/learner/info-up: fields sent are updated, others kept. */
export async function updateProfile(
  db: DbOrTx,
  learnerId: number,
  input: ProfileUpdate,
  lang: Language = DEFAULT_SERVER_LANGUAGE,
) {
  const current = await loadLearner(db, learnerId);
  await assertLookup(db, 'ethnicGroups', 'ethnic_group_id', '民族', input.ethnic_group_id);
  await assertLookup(
    db,
    'politicalAffiliations',
    'political_affiliation_id',
    '政治面貌',
    input.political_affiliation_id,
  );
  await assertLookup(
    db,
    'educationalBackgrounds',
    'educational_background_id',
    '文化程度',
    input.educational_background_id,
  );
  await assertLookup(db, 'userSources', 'user_source_id', '考生来源', input.user_source_id);
  await assertOwnUpload(db, learnerId, 'avatar_upload_id', input.avatar_upload_id, ['avatar', 'photo']);
  await assertOwnUpload(db, learnerId, 'photo_upload_id', input.photo_upload_id, ['photo']);

  // Region chain: a new province resets city and county unless they are sent with it.
  const regionSent =
    input.province_code !== undefined || input.city_code !== undefined || input.area_code !== undefined;
  let province = current.provinceCode;
  let city = current.cityCode;
  let area = current.areaCode;
  if (regionSent) {
    if (input.province_code !== undefined) {
      province = input.province_code;
      city = input.city_code ?? null;
      area = input.area_code ?? null;
    } else {
      if (input.city_code !== undefined) {
        city = input.city_code;
        area = input.area_code ?? null;
      } else area = input.area_code ?? null;
    }
    const errors: Record<string, string[]> = {};
    if (!province || !regionList(provinces())?.some((r) => r.code === province))
      errors.province_code = ['所在省份不存在'];
    else if (city && !regionList(citiesOf(province))?.some((r) => r.code === city))
      errors.city_code = ['所在城市不属于所选省份'];
    else if (city && area && !regionList(areasOf(city))?.some((r) => r.code === area))
      errors.area_code = ['所在区县不属于所选城市'];
    else if (!city && area) errors.city_code = ['请先选择所在城市'];
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  const set: Partial<typeof learners.$inferInsert> = { updatedAt: new Date() };
  if (input.real_name !== undefined) set.realName = input.real_name;
  if (input.sex !== undefined) set.sex = input.sex;
  if (input.ethnic_group_id !== undefined) set.ethnicGroupId = input.ethnic_group_id;
  if (input.political_affiliation_id !== undefined)
    set.politicalAffiliationId = input.political_affiliation_id;
  if (input.educational_background_id !== undefined)
    set.educationalBackgroundId = input.educational_background_id;
  if (input.user_source_id !== undefined) set.userSourceId = input.user_source_id;
  if (regionSent) Object.assign(set, { provinceCode: province, cityCode: city, areaCode: area });
  if (input.address !== undefined) set.address = input.address;
  if (input.employer !== undefined) set.employer = input.employer;
  if (input.email !== undefined) set.email = input.email;
  if (input.introduction !== undefined) set.introduction = input.introduction;
  if (input.avatar_upload_id !== undefined)
    set.avatar = input.avatar_upload_id ? uploadUrl(input.avatar_upload_id) : '';
  if (input.photo_upload_id !== undefined)
    set.photo = input.photo_upload_id ? uploadUrl(input.photo_upload_id) : '';
  await db.update(learners).set(set).where(eq(learners.id, learnerId));
  return getProfile(db, learnerId, lang);
}
