import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../../src/shared/api/constants.ts';
import { getCookie, idbGet } from '../../../../../src/client/lib/storage.ts';
import {
  adminSession,
  isLoggedIn,
  learnerSession,
  logoutSession,
  resetAllSessions,
  resetSession,
  sessionForApiType,
  setUserInfo,
  storeLogin,
  type UserInfo,
} from '../../../../../src/client/lib/state/session.ts';
import { clearAllCookies } from './cookies.ts';

const adminInfo: UserInfo = {
  id: 1,
  username: 'founder',
  real_name: '周立平',
  avatar: '/a.png',
  introduction: '创始人',
  userable_type: 'administrators',
  structure_name: '学院',
  administrator_type: 'founder',
  roles: ['founder'],
};

describe('two sessions (spec §4)', () => {
  beforeEach(() => {
    clearAllCookies();
    resetAllSessions();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a login with user type administrators stores the admin session and its cookies', () => {
    const kind = storeLogin('administrators', { access_token: 'adm', token_type: 'Bearer' });
    expect(kind).toBe('admin');
    expect(adminSession.value.token).toBe('adm');
    expect(learnerSession.value.token).toBe('');
    expect(getCookie(STORAGE_KEYS.adminToken)).toBe('adm');
    expect(getCookie(STORAGE_KEYS.adminTokenType)).toBe('Bearer');
    expect(isLoggedIn('admin')).toBe(true);
    expect(isLoggedIn('learner')).toBe(false);
  });

  it.each(['learners', 'teachers', 'anything'])(
    'a login with user type %s stores the learner session',
    (userType) => {
      expect(storeLogin(userType, { access_token: 'lrn' })).toBe('learner');
      expect(learnerSession.value.token).toBe('lrn');
      expect(learnerSession.value.tokenType).toBe('Bearer');
      expect(adminSession.value.token).toBe('');
      expect(getCookie(STORAGE_KEYS.learnerToken)).toBe('lrn');
    },
  );

  it('the two sessions are independent', () => {
    storeLogin('learners', { access_token: 'lrn' });
    storeLogin('administrators', { access_token: 'adm' });
    resetSession('learner');
    expect(isLoggedIn('learner')).toBe(false);
    expect(adminSession.value.token).toBe('adm');
  });

  it('requests pick the token by apiType: administrators -> admin, otherwise learner', () => {
    storeLogin('learners', { access_token: 'lrn' });
    storeLogin('administrators', { access_token: 'adm' });
    expect(sessionForApiType('administrators').value.token).toBe('adm');
    expect(sessionForApiType('learners').value.token).toBe('lrn');
    expect(sessionForApiType(undefined).value.token).toBe('lrn');
  });

  it('user info fills name, avatar, introduction and roles, and is kept for offline use', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    setUserInfo('admin', adminInfo);
    expect(adminSession.value).toMatchObject({
      name: '周立平',
      avatar: '/a.png',
      introduction: '创始人',
      roles: ['founder'],
    });
    await vi.waitFor(async () => expect(await idbGet('prefs', 'userInfo:admin')).toEqual(adminInfo));
  });

  it('a reset clears the token and the info and removes the stored cookies', () => {
    storeLogin('administrators', { access_token: 'adm', token_type: 'Bearer' });
    setUserInfo('admin', adminInfo);
    resetSession('admin');
    expect(adminSession.value).toMatchObject({ token: '', name: '', roles: [], userInfo: null });
    expect(getCookie(STORAGE_KEYS.adminToken)).toBeUndefined();
    expect(getCookie(STORAGE_KEYS.adminTokenType)).toBeUndefined();
  });

  it('logout revokes the token on the server and clears the session', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    storeLogin('learners', { access_token: 'lrn', token_type: 'Bearer' });
    await logoutSession('learner');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/authorizations/current',
      expect.objectContaining({ method: 'DELETE', headers: { Authorization: 'Bearer lrn' } }),
    );
    expect(isLoggedIn('learner')).toBe(false);
    expect(getCookie(STORAGE_KEYS.learnerToken)).toBeUndefined();
  });

  it('logout still clears the session when the network is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    storeLogin('administrators', { access_token: 'adm' });
    await logoutSession('admin');
    expect(isLoggedIn('admin')).toBe(false);
  });

  it('a reload restores the tokens from the cookies', async () => {
    storeLogin('administrators', { access_token: 'adm', token_type: 'Bearer' });
    vi.resetModules();
    const fresh = await import('../../../../../src/client/lib/state/session.ts');
    expect(fresh.adminSession.value.token).toBe('adm');
    expect(fresh.learnerSession.value.token).toBe('');
  });
});
