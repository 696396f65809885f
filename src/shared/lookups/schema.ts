// Lookup lists and the region cascade of spec §3/§7: the answers the profile and enrolment forms read.
import { z } from '../api/zod.ts';

export const LOOKUP_KINDS = [
  'userSources',
  'politicalAffiliations',
  'ethnicGroups',
  'educationalBackgrounds',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** API paths of the lookup lists (under /api). */
export const LOOKUP_PATHS: Record<LookupKind, string> = {
  userSources: '/v0/user-sources',
  politicalAffiliations: '/v0/political-affiliations',
  ethnicGroups: '/v0/ethnic-groups',
  educationalBackgrounds: '/v0/educational-backgrounds',
};

/** One entry of a lookup list, named in the reader's language. */
export const lookupItemAnswer = z.object({ id: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof lookupItemAnswer>;
/** GET /v0/user-sources, /v0/political-affiliations, /v0/ethnic-groups, /v0/educational-backgrounds */
export const lookupListAnswer = z.object({ data: z.array(lookupItemAnswer) });

export const regionAnswer = z.object({ code: z.string(), name: z.string() });
export type Region = z.infer<typeof regionAnswer>;
/** GET /v1/skill-tests/region/province, .../citie, .../area */
export const regionListAnswer = z.object({ data: z.array(regionAnswer) });

/** GB/T 2260 codes: 2 digits per level (province 2, city 4, county 6). */
const regionCode = (digits: number, label: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${digits}}$`), `${label}编码应为 ${digits} 位数字`);

/** `/region/citie`: the province is named by `province_code`, or by `code` / `parent_code`. */
export const citiesQuery = z.object({
  province_code: regionCode(2, '省份').optional(),
  code: regionCode(2, '省份').optional(),
  parent_code: regionCode(2, '省份').optional(),
});

/** `/region/area`: the city is named by `city_code`, or by `code` / `parent_code`. */
export const areasQuery = z.object({
  city_code: regionCode(4, '城市').optional(),
  code: regionCode(4, '城市').optional(),
  parent_code: regionCode(4, '城市').optional(),
});
