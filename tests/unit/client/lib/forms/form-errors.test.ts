import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../../../src/client/lib/api/errors.ts';
import {
  formPathOf,
  holdsPath,
  schemaErrors,
  serverErrors,
} from '../../../../../src/client/lib/forms/form-errors.ts';
import { z } from '../../../../../src/shared/api/zod.ts';

const sessionSchema = z.object({
  name: z.string().trim().min(1, '请输入名称').max(4, '名称太长'),
  id_card: z.string().regex(/^\d{3}$/, '证件号码格式不正确'),
  sessions: z.array(z.object({ start: z.string().min(1, '请选择开始时间') })).min(1, '至少一场'),
});

const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, 'x', { message: 'x', errors });

describe('schema errors (the shared request schema checked in the browser)', () => {
  const good = { name: '甲', id_card: '123', sessions: [{ start: '09:00' }] };

  it('accepts values the schema accepts', () => {
    expect(schemaErrors(sessionSchema, good)).toEqual({});
  });

  it('gives the first message of each field, nested and array fields at their dotted path', () => {
    expect(
      schemaErrors(sessionSchema, { name: ' ', id_card: 'x', sessions: [{ start: '09:00' }, { start: '' }] }),
    ).toEqual({ name: '请输入名称', id_card: '证件号码格式不正确', 'sessions.1.start': '请选择开始时间' });
    expect(schemaErrors(sessionSchema, { ...good, sessions: [] })).toEqual({ sessions: '至少一场' });
  });

  it('checks the body built from the form values and names its fields as the form does', () => {
    interface Values {
      title: string;
      idCard: string;
      rows: { start: string }[];
    }
    const values: Values = { title: '', idCard: '12', rows: [{ start: '' }] };
    const errors = schemaErrors(sessionSchema, values, {
      toInput: (v) => ({ name: v.title, id_card: v.idCard, sessions: v.rows }),
      fields: { name: 'title', id_card: 'idCard', sessions: 'rows' },
      message: (message, path) => `${path}: ${message}`,
    });
    expect(errors).toEqual({
      title: 'title: 请输入名称',
      idCard: 'idCard: 证件号码格式不正确',
      'rows.0.start': 'rows.0.start: 请选择开始时间',
    });
  });
});

describe('server errors (a 422 answer, spec §8)', () => {
  it('places the first message of each field at its form path', () => {
    expect(
      serverErrors(
        unprocessable({
          name: ['名称已存在', '第二条'],
          'sessions.0.start': ['开始时间无效'],
          'rows[1].x': ['y'],
        }),
      ),
    ).toEqual({ name: '名称已存在', 'sessions.0.start': '开始时间无效', 'rows.1.x': 'y' });
  });

  it('renames request fields, the field’s own message winning over a renamed one', () => {
    expect(
      serverErrors(unprocessable({ key: ['验证码已过期'], code: ['验证码错误'], id_card: ['号码已注册'] }), {
        key: 'code',
        id_card: 'idCard',
      }),
    ).toEqual({ code: '验证码错误', idCard: '号码已注册' });
    expect(serverErrors(unprocessable({ key: ['验证码已过期'] }), { key: 'code' })).toEqual({
      code: '验证码已过期',
    });
  });

  it('is null for every failure other than a 422 (the toast already said it)', () => {
    expect(serverErrors(new ApiError(409, '冲突', { message: '冲突' }))).toBeNull();
    expect(serverErrors(new NetworkError('offline'))).toBeNull();
    expect(serverErrors(new Error('x'))).toBeNull();
    expect(serverErrors(unprocessable({}))).toEqual({});
  });
});

describe('paths', () => {
  it('renames by the longest matching prefix', () => {
    expect(formPathOf('sessions.0.start', { sessions: 'rows', 'sessions.0': 'first' })).toBe('first.start');
    expect(formPathOf('sessions.2.start', { sessions: 'rows' })).toBe('rows.2.start');
    expect(formPathOf('other', { sessions: 'rows' })).toBe('other');
    expect(formPathOf('form.employer', { form: '' })).toBe('employer');
    expect(formPathOf('', { '': 'title' })).toBe('title');
  });

  it('knows which paths the form holds, null values included', () => {
    const values = { name: '', city: null, rows: [{ start: '' }] };
    expect(holdsPath(values, 'name')).toBe(true);
    expect(holdsPath(values, 'city')).toBe(true);
    expect(holdsPath(values, 'rows.0.start')).toBe(true);
    expect(holdsPath(values, 'rows.1.start')).toBe(false);
    expect(holdsPath(values, 'body')).toBe(false);
    expect(holdsPath(values, '')).toBe(false);
  });
});
