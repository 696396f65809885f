import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptPageUserInfo,
  runGuard,
  validateUserInfo,
  type GuardDeps,
} from '../../../../../src/client/app/guards/run-guard.ts';
import { ApiError, NetworkError } from '../../../../../src/client/lib/api/errors.ts';
import { resetFirstAnswers } from '../../../../../src/client/lib/api/client.ts';
import {
  FIRST_ANSWERS_ELEMENT_ID,
  LEARNER_INFO_GET,
  firstAnswerKey,
} from '../../../../../src/shared/pwa/first-answers.ts';
import {
  currentSystem,
  setCurrentSystem,
  setLanguage,
} from '../../../../../src/client/lib/state/preferences.ts';
import {
  adminSession,
  isLoggedIn,
  learnerSession,
  resetAllSessions,
  setUserInfo,
  storeLogin,
} from '../../../../../src/client/lib/state/session.ts';

const learnerInfo = {
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
const adminInfo = {
  ...learnerInfo,
  id: 1,
  username: 'founder',
  real_name: '周立平',
  userable_type: 'administrators',
  administrator_type: 'founder',
  roles: ['founder'],
};

function deps(over: Partial<GuardDeps> = {}): GuardDeps {
  return {
    userAgent: () => 'Chrome',
    fetchUserInfo: vi.fn(async (area) => (area === 'admin' ? adminInfo : learnerInfo)),
    loadMenus: vi.fn(async () => []),
    systemOf: (path) => (path.includes('trainingManage') ? 2 : path === '/manage/index' ? 0 : undefined),
    toast: vi.fn(),
    ...over,
  };
}

describe('runGuard: the effects of the guard (spec §4)', () => {
  beforeEach(() => {
    resetAllSessions();
    setCurrentSystem(0);
    setLanguage('en');
  });

  it('with a learner token, fetches the user info on each navigation and lets it through', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    const d = deps();
    expect(await runGuard('/userCenter', d)).toEqual({ type: 'pass' });
    expect(await runGuard('/userCenter/myOrder', d)).toEqual({ type: 'pass' });
    expect(d.fetchUserInfo).toHaveBeenCalledTimes(2);
    expect(d.fetchUserInfo).toHaveBeenCalledWith('learner');
    expect(d.loadMenus).not.toHaveBeenCalled();
    expect(learnerSession.value.name).toBe('张伟');
  });

  it('an answer that arrives after the session ended is neither shown nor kept', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    let answer!: (info: unknown) => void;
    const d = deps({ fetchUserInfo: vi.fn(() => new Promise((resolve) => (answer = resolve))) });
    const guarded = runGuard('/userCenter', d);
    resetAllSessions();
    answer(learnerInfo);
    expect(await guarded).toEqual({ type: 'redirect', to: '/login' });
    expect(learnerSession.value.userInfo).toBeNull();
    expect(learnerSession.value.name).toBe('');

    // Another learner logged in meanwhile: the first one's answer does not become theirs.
    storeLogin('learners', { access_token: 'first' });
    const again = runGuard('/userCenter', d);
    storeLogin('learners', { access_token: 'second' });
    answer(learnerInfo);
    expect(await again).toEqual({ type: 'pass' });
    expect(learnerSession.value.userInfo).toBeNull();
  });

  it('in the admin area also loads the menus and stores the current system', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    const d = deps();
    expect(await runGuard('/manage/trainingManage/classes/index', d)).toEqual({ type: 'pass' });
    expect(d.fetchUserInfo).toHaveBeenCalledWith('admin');
    expect(d.loadMenus).toHaveBeenCalledTimes(1);
    expect(currentSystem.value).toBe(2);
    expect(adminSession.value.roles).toEqual(['founder']);
  });

  it('a menu failure does not block the navigation', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    const d = deps({
      loadMenus: vi.fn(async () => Promise.reject(new Error('getInfo: roles must be a non-null array!'))),
    });
    expect(await runGuard('/manage/index', d)).toEqual({ type: 'pass' });
    expect(d.toast).toHaveBeenCalledWith('getInfo: roles must be a non-null array!');
    expect(isLoggedIn('admin')).toBe(true);
  });

  it('an empty user info fails with the verification message and sends to that side’s login', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    const d = deps({ fetchUserInfo: vi.fn(async () => ({})) });
    expect(await runGuard('/userCenter', d)).toEqual({ type: 'redirect', to: '/login' });
    expect(d.toast).toHaveBeenCalledWith('Verification failed, please Login again.');
    expect(isLoggedIn('learner')).toBe(false);

    storeLogin('administrators', { access_token: 'adm' });
    const d2 = deps({ fetchUserInfo: vi.fn(async () => null) });
    expect(await runGuard('/manage/index', d2)).toEqual({ type: 'redirect', to: '/manage/login' });
    expect(d2.toast).toHaveBeenCalledWith('Verification failed, please Login again.');
  });

  it('non-array roles fail with the roles message', async () => {
    expect(() => validateUserInfo({ ...adminInfo, roles: null })).toThrow(
      'getInfo: roles must be a non-null array!',
    );
    expect(() => validateUserInfo({ ...adminInfo, roles: [] })).toThrow(
      'getInfo: roles must be a non-null array!',
    );
    expect(() => validateUserInfo({ ...adminInfo, roles: 'founder' })).toThrow(
      'getInfo: roles must be a non-null array!',
    );
    expect(validateUserInfo({ data: adminInfo })).toEqual(adminInfo);
  });

  it('offline, the navigation goes on with what the device knows', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    const d = deps({ fetchUserInfo: vi.fn(async () => Promise.reject(new NetworkError('offline'))) });
    expect(await runGuard('/userCenter', d)).toEqual({ type: 'pass' });
    expect(isLoggedIn('learner')).toBe(true);
  });

  it('a server refusal of the user info logs that side out', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    const d = deps({
      fetchUserInfo: vi.fn(async () => Promise.reject(new ApiError(403, '账号已被停用', null))),
    });
    expect(await runGuard('/manage/index', d)).toEqual({ type: 'redirect', to: '/manage/login' });
    expect(isLoggedIn('admin')).toBe(false);
  });

  it('in a messenger browser without a token, both tokens are cleared on the way to /login', async () => {
    storeLogin('learners', { access_token: 'lrn' });
    const d = deps({ userAgent: () => 'Mozilla/5.0 MicroMessenger/8.0' });
    expect(await runGuard('/manage/index', d)).toEqual({ type: 'redirect', to: '/login' });
    expect(isLoggedIn('learner')).toBe(false);
  });

  it('/manage goes to /manage/index first', async () => {
    expect(await runGuard('/manage', deps())).toEqual({ type: 'redirect', to: '/manage/index' });
  });

  describe('the user info that came with the page', () => {
    const writeAnswer = (answer: unknown) => {
      document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = FIRST_ANSWERS_ELEMENT_ID;
      script.textContent = JSON.stringify({
        [firstAnswerKey(LEARNER_INFO_GET.url, LEARNER_INFO_GET.params)]: answer,
      });
      document.body.append(script);
      resetFirstAnswers();
    };
    beforeEach(() => {
      document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
      resetFirstAnswers();
    });

    it('becomes the learner session’s when the device knows none', async () => {
      storeLogin('learners', { access_token: 'lrn' });
      writeAnswer(learnerInfo);
      adoptPageUserInfo();
      expect(learnerSession.value.userInfo).toMatchObject({ username: 'learner', roles: ['learner'] });
      expect(learnerSession.value.name).toBe('张伟');
    });

    it('is left alone without a learner session, when the device knows the user, or when it is no user info', () => {
      writeAnswer(learnerInfo);
      adoptPageUserInfo();
      expect(learnerSession.value.userInfo).toBeFalsy();

      storeLogin('learners', { access_token: 'lrn' });
      writeAnswer({ ...learnerInfo, roles: [] });
      adoptPageUserInfo();
      expect(learnerSession.value.userInfo).toBeFalsy();

      writeAnswer({ ...learnerInfo, real_name: '别人' });
      setUserInfo('learner', { id: 7, username: 'learner', real_name: '已知', roles: ['learner'] });
      adoptPageUserInfo();
      expect(learnerSession.value.name).toBe('已知');
    });
  });
});
