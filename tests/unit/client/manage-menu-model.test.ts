import { describe, expect, it } from 'vitest';
import {
  activeMenuLink,
  breadcrumbFor,
  fallbackTabs,
  matchRoute,
  sidebarFor,
} from '../../../src/client/app/layouts/manage/menu-model.ts';
import { flattenMenus } from '../../../src/client/app/menus/state.ts';
import type { MenuItem } from '../../../src/shared/menus/schema.ts';
import { menuItem as item } from './menu-fixture.ts';

const EA = '/manage/examinationAffairsManage';
const PLAN = `${EA}/plan/index`;

const collegeTree: MenuItem[] = [
  item('Home', '/manage/index', '首页', { system: 0, affix: true, component: 'index' }),
  item('ExamPlan', `${EA}/plan`, '考试计划', {
    component: 'Layout',
    redirect: `${PLAN}?step=exam`,
    children: [
      item('ExamPlanStepExam', PLAN, '考试报名', { query: 'step=exam' }),
      item('ExamPlanStepTicket', PLAN, '准考证', { query: 'step=ticket' }),
      item('ExamPlanStepScoring', PLAN, '成绩及证书查询', { query: 'step=scoring' }),
    ],
  }),
  item('Students', '/manage/trainingManage/student/index', '学员管理', { system: 2 }),
];

const founderTree: MenuItem[] = [
  item('Home', '/manage/index', '首页', { system: 0, affix: true, component: 'index' }),
  item('ExamPlan', `${EA}/plan`, '考试计划', {
    component: 'Layout',
    redirect: PLAN,
    children: [item('ExamPlanManage', PLAN, '计划管理')],
  }),
  item('QuestionBank', `${EA}/question/index`, '题库管理', {
    children: [
      item('TestPaper', '/manage/exam/testpaper', '试卷管理', { hidden: true }),
      item('TestPaperDetail', '/manage/exam/testpaper/:id', '试卷详情', { hidden: true, noCache: true }),
    ],
  }),
  item('UserCount', '/manage/dataStatisticsManage/userCount', '用户统计', { system: 3 }),
];

describe('sidebar of a system', () => {
  it('lists the visible top-level entries of the current system only', () => {
    expect(sidebarFor(collegeTree, 1).map((i) => i.name)).toEqual(['ExamPlan']);
    expect(sidebarFor(collegeTree, 0).map((i) => i.name)).toEqual(['Home']);
    expect(sidebarFor(collegeTree, 4)).toEqual([]);
  });
});

describe('the entry to highlight', () => {
  it('tells the college step entries apart by their query', () => {
    expect(activeMenuLink(collegeTree, PLAN, 'step=ticket')).toBe(`${PLAN}?step=ticket`);
    expect(activeMenuLink(collegeTree, PLAN, 'step=scoring&page=2')).toBe(`${PLAN}?step=scoring`);
  });

  it('lights up the visible parent of a hidden page, also for a page with an id', () => {
    expect(activeMenuLink(founderTree, '/manage/exam/testpaper', '')).toBe(`${EA}/question/index`);
    expect(activeMenuLink(founderTree, '/manage/exam/testpaper/12', '')).toBe(`${EA}/question/index`);
    expect(activeMenuLink(founderTree, '/manage/nowhere', '')).toBeUndefined();
  });
});

describe('route of a location', () => {
  it('picks the step entry whose query the location carries', () => {
    const routes = flattenMenus(collegeTree);
    expect(matchRoute(routes, PLAN, 'step=ticket')?.name).toBe('ExamPlanStepTicket');
    expect(matchRoute(routes, PLAN, 'step=scoring')?.name).toBe('ExamPlanStepScoring');
    expect(matchRoute(routes, `${EA}/plan`, '')?.name).toBe('ExamPlan');
  });

  it('matches pages with an id', () => {
    expect(matchRoute(flattenMenus(founderTree), '/manage/exam/testpaper/5', '')?.name).toBe(
      'TestPaperDetail',
    );
  });
});

describe('breadcrumb', () => {
  it('is home, then the groups, then the page', () => {
    const routes = flattenMenus(founderTree);
    const crumbs = breadcrumbFor(matchRoute(routes, '/manage/exam/testpaper/5', ''), routes);
    expect(crumbs.map((c) => c.title)).toEqual(['首页', '题库管理', '试卷详情']);
    expect(crumbs.map((c) => c.link)).toEqual(['/manage/index', `${EA}/question/index`, undefined]);
    expect(breadcrumbFor(matchRoute(routes, '/manage/index', ''), routes)).toEqual([
      { title: '首页', name: 'Home', link: undefined },
    ]);
  });
});

describe('header tabs without the server answer', () => {
  it('shows home and the systems the administrator has pages in', () => {
    expect(
      fallbackTabs(collegeTree)
        .filter((t) => t.visible)
        .map((t) => t.index),
    ).toEqual([0, 1, 2]);
  });
});
