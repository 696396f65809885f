import { describe, expect, it } from 'vitest';
import { createRouteSearch, searchableRoutes } from '../../../src/client/app/layouts/manage/route-search.ts';
import type { MenuItem } from '../../../src/shared/menus/schema.ts';
import { menuItem as item } from './menu-fixture.ts';

const EA = '/manage/examinationAffairsManage';
const tree: MenuItem[] = [
  item('Home', '/manage/index', '首页'),
  item('ExamPlan', `${EA}/plan`, '考试计划', {
    component: 'Layout',
    children: [
      item('ExamPlanStepExam', `${EA}/plan/index`, '考试报名', { query: 'step=exam' }),
      item('ExamPlanStepTicket', `${EA}/plan/index`, '准考证', { query: 'step=ticket' }),
    ],
  }),
  item('ExamRoom', `${EA}/room/index`, '考场管理'),
  item('QuestionBank', `${EA}/question/index`, '题库管理', {
    children: [item('TestPaper', '/manage/exam/testpaper', '试卷管理', { hidden: true })],
  }),
  item('Secret', '/manage/secret', '隐藏页面', { hidden: true }),
  item('UserCount', '/manage/dataStatisticsManage/userCount', '用户统计'),
];

describe('searchable routes', () => {
  it('offers visible pages only, each step entry separately, with its parent trail', () => {
    const routes = searchableRoutes(tree);
    expect(routes.map((r) => r.link)).toEqual([
      '/manage/index',
      `${EA}/plan/index?step=exam`,
      `${EA}/plan/index?step=ticket`,
      `${EA}/room/index`,
      `${EA}/question/index`,
      '/manage/dataStatisticsManage/userCount',
    ]);
    expect(routes[1]?.trail).toEqual(['考试计划', '考试报名']);
  });

  it('uses the translated title when given one', () => {
    const routes = searchableRoutes(tree, (menu) =>
      menu.name === 'ExamRoom' ? 'Exam rooms' : menu.meta.title,
    );
    expect(createRouteSearch(routes, { pinyin: false })('exam rooms')[0]?.link).toBe(`${EA}/room/index`);
  });
});

describe('route search', () => {
  const routes = searchableRoutes(tree);

  it('finds Chinese titles and paths', () => {
    const search = createRouteSearch(routes, { pinyin: false });
    expect(search('题库')[0]?.title).toBe('题库管理');
    expect(search('userCount')[0]?.title).toBe('用户统计');
    expect(search('   ')).toEqual([]);
  });

  it('never offers hidden pages', () => {
    const search = createRouteSearch(routes, { pinyin: true });
    expect(search('隐藏页面')).toEqual([]);
    expect(search('试卷管理')).toEqual([]);
  });

  it('with pinyin on, full pinyin and initials find Chinese titles', () => {
    const search = createRouteSearch(routes, { pinyin: true });
    expect(search('tiku')[0]?.title).toBe('题库管理');
    expect(search('tk')[0]?.title).toBe('题库管理');
    expect(search('zhunkaozheng')[0]?.title).toBe('准考证');
    expect(search('yhtj')[0]?.title).toBe('用户统计');
  });

  it('with pinyin off, pinyin finds nothing by its pinyin', () => {
    const search = createRouteSearch(routes, { pinyin: false });
    expect(search('tiku').map((r) => r.title)).not.toContain('题库管理');
  });
});
