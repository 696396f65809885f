// The guard reads GET /v1/user/info through its shared schema (shared/auth/schema.ts userInfoSchema): the
// answer becomes the session's user info; an answer that drifted from the schema (checked in development
// and tests) ends the visit at the login page with the drift said, instead of a silent logout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultGuardDeps,
  runGuard,
  type GuardDeps,
} from '../../../../../src/client/app/guards/run-guard.ts';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import {
  isLoggedIn,
  learnerSession,
  resetAllSessions,
  storeLogin,
} from '../../../../../src/client/lib/state/session.ts';
import type { UserInfo } from '../../../../../src/shared/auth/schema.ts';

const learnerInfo: UserInfo = {
  id: 7,
  username: 'learner',
  real_name: '张伟',
  avatar: '',
  introduction: '',
  userable_type: 'learners',
  structure_name: '',
  administrator_type: null,
  roles: ['learner'],
};

function answering(body: unknown) {
  const fetchMock = vi.fn(
    async (_input: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const deps = (): GuardDeps => ({ ...defaultGuardDeps, userAgent: () => 'Chrome', toast: vi.fn() });

describe('the guard’s user info answer', () => {
  beforeEach(() => {
    resetAllSessions();
    setLanguage('en');
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.spyOn(clientEffects, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks with the learner session and keeps the answer as the user info', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    const fetchMock = answering(learnerInfo);
    expect(await runGuard('/userCenter', deps())).toEqual({ type: 'pass' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/user/info?apiType=learners');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer lrn');
    expect(learnerSession.value.userInfo).toEqual(learnerInfo);
  });

  it('an answer outside the schema sends to the login page and says what drifted', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    answering({ ...learnerInfo, roles: 'learner' });
    const d = deps();
    expect(await runGuard('/userCenter', d)).toEqual({ type: 'redirect', to: '/login' });
    expect(d.toast).toHaveBeenCalledWith(
      expect.stringContaining('GET /api/v1/user/info answered outside its schema: roles'),
    );
    expect(isLoggedIn('learner')).toBe(false);
  });
});
