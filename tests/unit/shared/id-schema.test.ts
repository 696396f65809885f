// Ids are PostgreSQL integers: a number past the column's range is a field error, never a query.
import { describe, expect, it } from 'vitest';
import { idParams, idSchema, MAX_ID } from '../../../src/shared/api/id.ts';
import { enrollmentCreateSchema } from '../../../src/shared/enrollments/schema.ts';
import { planListQuery } from '../../../src/shared/plans/schema.ts';
import { staffAssignmentSchema } from '../../../src/shared/staff/schema.ts';

describe('idSchema', () => {
  it('takes the ids of the integer range, from numbers and path or query strings', () => {
    expect(idSchema().parse(1)).toBe(1);
    expect(idSchema().parse(String(MAX_ID))).toBe(MAX_ID);
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it('refuses what no row can have, with the thing to choose named', () => {
    for (const bad of [MAX_ID + 1, '99999999999', 0, -1, 1.5, 'abc', '', null, '1e400']) {
      expect(idSchema().safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(idSchema('考试计划').safeParse(MAX_ID + 1).error?.issues[0]?.message).toBe('考试计划编号无效');
    expect(idSchema('考试计划').safeParse('x').error?.issues[0]?.message).toBe('请选择考试计划');
  });

  it('bounds the ids of the shared request schemas', () => {
    expect(enrollmentCreateSchema.safeParse({ plan_id: 99_999_999_999 }).success).toBe(false);
    expect(planListQuery.safeParse({ organization_id: String(MAX_ID + 1) }).success).toBe(false);
    const assignment = { staff_id: 1, room_id: 1, session_id: MAX_ID + 1, role: 'chief' };
    expect(staffAssignmentSchema.safeParse(assignment).error?.issues.map((i) => i.path[0])).toContain(
      'session_id',
    );
  });
});
