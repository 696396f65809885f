import { describe, expect, it } from 'vitest';
import {
  areaOf,
  decideNavigation,
  isInAppBrowser,
  resolveStaticRedirect,
  type GuardInput,
} from '../../../../../src/client/app/guards/navigation.ts';
import { PUBLIC_PATHS, isPublicPath } from '../../../../../src/client/app/guards/public-paths.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const WXWORK =
  'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh';
const WECHAT =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.47.2560';
const DINGTALK = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 AliApp(DingTalk/7.5.10)';

const input = (path: string, over: Partial<GuardInput> = {}): GuardInput => ({
  path,
  hasLearnerToken: false,
  hasAdminToken: false,
  userAgent: CHROME,
  ...over,
});

describe('navigation guard decision (spec §4)', () => {
  it('paths containing /manage/ are the admin area, all others the learner area', () => {
    expect(areaOf('/manage/index')).toBe('admin');
    expect(areaOf('/manage/login')).toBe('admin');
    expect(areaOf('/userCenter')).toBe('learner');
    expect(areaOf('/')).toBe('learner');
    expect(areaOf('/manage')).toBe('learner');
  });

  it('/manage redirects to /manage/index before the guard runs', () => {
    expect(resolveStaticRedirect('/manage')).toBe('/manage/index');
    expect(resolveStaticRedirect('/manage/')).toBe('/manage/index');
    expect(resolveStaticRedirect('/manage/index')).toBeNull();
  });

  it('a logged-in learner visiting /login goes to /userCenter', () => {
    expect(decideNavigation(input('/login', { hasLearnerToken: true }))).toEqual({
      type: 'redirect',
      to: '/userCenter',
    });
  });

  it('a logged-in admin visiting /manage/login goes to /manage', () => {
    expect(decideNavigation(input('/manage/login', { hasAdminToken: true }))).toEqual({
      type: 'redirect',
      to: '/manage',
    });
  });

  it('the other session does not count: an admin token does not skip /login, a learner token not /manage/login', () => {
    expect(decideNavigation(input('/login', { hasAdminToken: true }))).toEqual({ type: 'pass' });
    expect(decideNavigation(input('/manage/login', { hasLearnerToken: true }))).toEqual({ type: 'pass' });
  });

  it('with a token, the user info is fetched (for the admin area also the menus)', () => {
    expect(decideNavigation(input('/userCenter/myOrder', { hasLearnerToken: true }))).toEqual({
      type: 'load',
      area: 'learner',
    });
    expect(decideNavigation(input('/', { hasLearnerToken: true }))).toEqual({
      type: 'load',
      area: 'learner',
    });
    expect(decideNavigation(input('/manage/index', { hasAdminToken: true }))).toEqual({
      type: 'load',
      area: 'admin',
    });
    expect(decideNavigation(input('/manage/trainingManage/classes/index', { hasAdminToken: true }))).toEqual({
      type: 'load',
      area: 'admin',
    });
  });

  it('the logout pages end the session without fetching the info first', () => {
    expect(decideNavigation(input('/logout', { hasLearnerToken: true }))).toEqual({ type: 'pass' });
    expect(decideNavigation(input('/manage/logout', { hasAdminToken: true }))).toEqual({ type: 'pass' });
  });

  it.each(PUBLIC_PATHS)('without a token the public page %s passes', (path) => {
    expect(decideNavigation(input(path))).toEqual({ type: 'pass' });
  });

  it('/redirect/{path} is public', () => {
    expect(decideNavigation(input('/redirect/manage/index'))).toEqual({ type: 'pass' });
  });

  it.each([WXWORK, WECHAT, DINGTALK])(
    'in the workplace app or a messenger browser, a protected page goes to /login with tokens cleared (%#)',
    (ua) => {
      expect(isInAppBrowser(ua)).toBe(true);
      expect(decideNavigation(input('/manage/index', { userAgent: ua }))).toEqual({
        type: 'redirect',
        to: '/login',
        clearTokens: true,
      });
      expect(decideNavigation(input('/userCenter', { userAgent: ua }))).toEqual({
        type: 'redirect',
        to: '/login',
        clearTokens: true,
      });
    },
  );

  it('in any other browser a protected page goes to /manage/login', () => {
    expect(isInAppBrowser(CHROME)).toBe(false);
    expect(decideNavigation(input('/manage/index'))).toEqual({ type: 'redirect', to: '/manage/login' });
    expect(
      decideNavigation(input('/manage/examinationAffairsManage/plan/index', { hasLearnerToken: true })),
    ).toEqual({
      type: 'redirect',
      to: '/manage/login',
    });
    expect(decideNavigation(input('/somewhere-unknown'))).toEqual({ type: 'redirect', to: '/manage/login' });
  });

  it('fixed complaint: /userCenter pages without a learner token go to /login, not the admin login', () => {
    expect(decideNavigation(input('/userCenter'))).toEqual({ type: 'redirect', to: '/login' });
    expect(decideNavigation(input('/userCenter/myEnroll'))).toEqual({ type: 'redirect', to: '/login' });
    expect(decideNavigation(input('/userCenter/myOrder', { hasAdminToken: true }))).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });

  it('isPublicPath ignores a trailing slash', () => {
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/userCenter')).toBe(false);
  });
});
