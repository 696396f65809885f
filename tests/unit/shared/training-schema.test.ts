import { describe, expect, it } from 'vitest';
import { batchClassNames, classBatchCreateSchema } from '../../../src/shared/training/schema.ts';

const template = {
  name_pattern: '2026 电工班 第{n}期',
  project_id: 1,
  starts_on: '2026-12-01',
  ends_on: '2026-12-28',
  capacity: 30,
  fee_fen: 0,
};
const issuePaths = (body: object) =>
  classBatchCreateSchema.safeParse(body).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('the batch class template', () => {
  it('names a count out of range as its own field error, without making the names', () => {
    for (const count of [0, 51, 99_999_999_999, 2.5, -3])
      expect(issuePaths({ ...template, count }), String(count)).toEqual(['count']);
  });

  it('keeps every generated name within 100 characters through the pattern limit of 90', () => {
    expect(issuePaths({ ...template, name_pattern: `${'班'.repeat(88)}{n}`, count: 10 })).toEqual([
      'name_pattern',
    ]);
    expect(issuePaths({ ...template, count: 5 })).toEqual([]);
    const longest = '班'.repeat(90);
    expect(issuePaths({ ...template, name_pattern: longest, count: 50 })).toEqual([]);
    expect(batchClassNames(longest, 50).every((name) => name.length <= 100)).toBe(true);
  });
});
