import { describe, expect, it } from 'vitest';
import { isKnownManagePage, manageAccess } from '../../../../../src/client/app/guards/manage-access.ts';
import { breadcrumbFor } from '../../../../../src/client/app/layouts/manage/menu-model.ts';
import { managePages } from '../../../../../src/client/app/manage-pages.ts';
import { flattenMenus } from '../../../../../src/client/app/menus/state.ts';
import { MENU_SEEDS, seedComponent, type MenuSeed } from '../../../../../src/server/menus/reference.ts';
import { menuItem as item } from '../../menu-fixture.ts';

const REVIEW = '/manage/examineManage/exam/plan';
const PLAN = '/manage/examinationAffairsManage/plan/index';

const home = item('Home', '/manage/index', '首页', { system: 0, affix: true, component: 'index' });
const plan = item('ExamPlan', '/manage/examinationAffairsManage/plan', '考试计划', {
  component: 'Layout',
  redirect: PLAN,
  children: [item('ExamPlanManage', PLAN, '计划管理')],
});
const review = item('ExamMaterialReview', REVIEW, '报名材料审核');

// spec §6: the review page is restricted to manager, so the founder's menu does not hold it.
const founderRoutes = flattenMenus([home, plan]);
const managerRoutes = flattenMenus([home, plan, review]);

describe('what a back-office path shows', () => {
  it('a page of the platform the menu does not grant is "no permission", not "not found"', () => {
    expect(manageAccess(REVIEW, founderRoutes)).toEqual({ type: 'forbidden' });
  });

  it('the same page opens for the role it is granted to', () => {
    const access = manageAccess(REVIEW, managerRoutes);
    expect(access.type).toBe('route');
    expect(access.type === 'route' && access.route.name).toBe('ExamMaterialReview');
  });

  it('a path that is no page of the platform is "not found" for everyone', () => {
    expect(manageAccess('/manage/no/such/page', founderRoutes)).toEqual({ type: 'notFound' });
    expect(manageAccess('/manage/examineManage/exam/plan/extra', managerRoutes)).toEqual({
      type: 'notFound',
    });
  });

  it('without any menu (none loaded yet, offline) it does not claim a missing permission', () => {
    expect(manageAccess(REVIEW, [])).toEqual({ type: 'notFound' });
  });

  it('pages with an id in their path are matched by pattern', () => {
    expect(isKnownManagePage('/manage/exam/testpaper/12', ['exam/testpaper/:id'])).toBe(true);
    expect(isKnownManagePage('/manage/exam/testpaper/12/x', ['exam/testpaper/:id'])).toBe(false);
    expect(manageAccess('/manage/exam/testpaper/12', founderRoutes, ['exam/testpaper/:id'])).toEqual({
      type: 'forbidden',
    });
  });

  it("every page the client has built is a page of the server's menu reference", () => {
    const components = new Set<string>();
    const walk = (seeds: readonly MenuSeed[]) =>
      seeds.forEach((seed) => {
        components.add(seedComponent(seed));
        walk(seed.children ?? []);
      });
    Object.values(MENU_SEEDS).forEach(walk);
    expect(Object.keys(managePages).filter((component) => !components.has(component))).toEqual([]);
  });
});

describe('breadcrumb of a status page', () => {
  it('shows home and the status title when the path opens no menu route', () => {
    expect(breadcrumbFor(undefined, founderRoutes, '没有权限')).toEqual([
      { title: '首页', name: 'Home', link: '/manage/index' },
      { title: '没有权限', name: '' },
    ]);
    expect(breadcrumbFor(undefined, founderRoutes)).toEqual([]);
  });
});
