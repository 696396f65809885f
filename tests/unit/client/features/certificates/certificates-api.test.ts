// The colleges an institution may be linked to come from the plan options answer, read through its shared
// schema: the colleges are handed on, and an answer that drifted from the schema fails instead of
// reaching the form.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchColleges } from '../../../../../src/client/features/certificates/api.ts';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { AnswerShapeError } from '../../../../../src/client/lib/api/errors.ts';
import { resetAllSessions } from '../../../../../src/client/lib/state/session.ts';

const options = {
  occupations: [],
  colleges: [
    { id: 1, name: '江南职业技术学院', code: 'JN' },
    { id: 2, name: '滨海职业学院', code: 'BH' },
  ],
  levels: [{ level: 4, name: '四级/中级工' }],
  states: [{ state: 'draft', name: '草稿' }],
  materials: [],
  form_fields: [],
};

function answerWith(body: unknown) {
  const fetchMock = vi.fn(
    async (_input: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  resetAllSessions();
  vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchColleges', () => {
  it('reads the colleges of the plan options answer', async () => {
    const fetchMock = answerWith(options);
    expect(await fetchColleges()).toEqual(options.colleges);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/v1/admin/plans/options');
  });

  it('fails on an answer that drifted from the shared schema', async () => {
    answerWith({ ...options, colleges: [{ id: '1', name: '江南职业技术学院' }] });
    const error = await fetchColleges().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnswerShapeError);
    expect((error as AnswerShapeError).issues.map((issue) => issue.path.join('.'))).toContain(
      'colleges.0.id',
    );
  });
});
