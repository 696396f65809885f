import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findManageRoute, matchesPattern } from '../../../../../src/client/app/guards/run-guard.ts';
import {
  accessibleRoutes,
  clearMenus,
  flattenMenus,
  hydrateMenus,
  joinPath,
  loadMenus,
  menuTree,
  menusLoaded,
} from '../../../../../src/client/app/menus/state.ts';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { resetAllSessions, setUserInfo, storeLogin } from '../../../../../src/client/lib/state/session.ts';
import { idbGet } from '../../../../../src/client/lib/storage.ts';
import type { MenuItem } from '../../../../../src/shared/menus/schema.ts';

const meta = (title: string, system: number, extra: Partial<MenuItem['meta']> = {}): MenuItem['meta'] => ({
  title,
  icon: '',
  affix: false,
  index: '',
  roles: null,
  unRoles: null,
  system,
  hidden: false,
  noCache: false,
  opened: false,
  query: null,
  pinyin: { full: '', initials: '' },
  ...extra,
});

const tree: MenuItem[] = [
  {
    path: '/manage/index',
    name: 'Home',
    component: 'index',
    redirect: null,
    hidden: false,
    system: 0,
    meta: meta('首页', 0),
    children: [],
  },
  {
    path: '/manage/examinationAffairsManage/plan',
    name: 'ExamPlan',
    component: 'Layout',
    redirect: '/manage/examinationAffairsManage/plan/index',
    hidden: false,
    system: 1,
    meta: meta('考试计划', 1),
    children: [
      {
        path: 'index',
        name: 'ExamPlanManage',
        component: 'examinationAffairsManage/plan/index',
        redirect: null,
        hidden: false,
        system: 1,
        meta: meta('计划管理', 1),
        children: [],
      },
    ],
  },
  {
    path: '/manage/examinationAffairsManage/question/index',
    name: 'QuestionBank',
    component: 'examinationAffairsManage/question/index',
    redirect: null,
    hidden: false,
    system: 1,
    meta: meta('题库管理', 1),
    children: [
      {
        path: '/manage/exam/testpaper/{id}',
        name: 'TestPaperDetail',
        component: 'exam/testpaper/:id',
        redirect: null,
        hidden: true,
        system: 1,
        meta: meta('试卷详情', 1, { hidden: true }),
        children: [],
      },
    ],
  },
];

describe('menu routes from the server tree', () => {
  beforeEach(() => {
    resetAllSessions();
    setLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await clearMenus();
  });

  it('joins relative and absolute paths and turns {id} into :id', () => {
    expect(joinPath('/manage/a', 'index')).toBe('/manage/a/index');
    expect(joinPath('/manage/a', '/manage/b')).toBe('/manage/b');
    expect(joinPath('', '/manage/exam/testpaper/{id}')).toBe('/manage/exam/testpaper/:id');
  });

  it('flattens the tree with groups, parents and hidden children', () => {
    const routes = flattenMenus(tree);
    expect(routes.map((r) => r.path)).toEqual([
      '/manage/index',
      '/manage/examinationAffairsManage/plan',
      '/manage/examinationAffairsManage/plan/index',
      '/manage/examinationAffairsManage/question/index',
      '/manage/exam/testpaper/:id',
    ]);
    const group = routes[1]!;
    expect(group.isGroup).toBe(true);
    expect(group.redirect).toBe('/manage/examinationAffairsManage/plan/index');
    expect(routes[2]!.parents.map((p) => p.title)).toEqual(['考试计划']);
    expect(routes[3]!.isGroup).toBe(false);
    expect(routes[4]!.hidden).toBe(true);
  });

  it('finds the route of a path, including :param routes', () => {
    const routes = flattenMenus(tree);
    expect(matchesPattern('/manage/exam/testpaper/:id', '/manage/exam/testpaper/12')).toBe(true);
    expect(matchesPattern('/manage/exam/testpaper/:id', '/manage/exam/testpaper/12/x')).toBe(false);
    expect(findManageRoute('/manage/exam/testpaper/12', routes)?.name).toBe('TestPaperDetail');
    expect(findManageRoute('/manage/examinationAffairsManage/plan/index', routes)?.system).toBe(1);
    expect(findManageRoute('/manage/nowhere', routes)).toBeUndefined();
  });

  it('loads the menus with the admin token, persists them per admin and restores them after a reload', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    setUserInfo('admin', {
      id: 1,
      username: 'founder',
      real_name: '周',
      avatar: '',
      introduction: '',
      userable_type: 'administrators',
      structure_name: '',
      administrator_type: 'founder',
      roles: ['founder'],
    });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: tree }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await loadMenus();
    expect(
      new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get(
        'authorization',
      ),
    ).toBe('Bearer adm');
    expect(accessibleRoutes.value).toHaveLength(5);
    expect(await idbGet('menus', 'admin:1')).toEqual(tree);

    menuTree.value = [];
    menusLoaded.value = false;
    await hydrateMenus();
    expect(menuTree.value).toEqual(tree);
  });

  it('a non-array menu answer fails with the roles message', async () => {
    storeLogin('administrators', { access_token: 'adm' });
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: null }), { status: 200 })),
    );
    await expect(loadMenus()).rejects.toThrow('getInfo: roles must be a non-null array!');
  });
});
