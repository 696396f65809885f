import { beforeEach, describe, expect, it } from 'vitest';
import {
  addView,
  addVisitedView,
  cachedViewNames,
  cachedViews,
  deleteAllViews,
  deleteOtherViews,
  deleteView,
  delAllVisitedViews,
  delVisitedView,
  fullPathOf,
  hydrateVisitedViews,
  mergeViews,
  resetVisitedViews,
  updateView,
  visitedViews,
  visitedViewsSaved,
  visitedViewsStored,
  type VisitedView,
} from '../../../src/client/app/tags-view/state.ts';

function view(
  path: string,
  extra: { query?: string; affix?: boolean; noCache?: boolean; title?: string; name?: string } = {},
): VisitedView {
  return {
    path,
    query: extra.query ?? '',
    name: extra.name ?? path.split('/').filter(Boolean).join('-'),
    meta: { title: extra.title ?? path, affix: extra.affix ?? false, noCache: extra.noCache ?? false },
  };
}

const home = view('/manage/index', { affix: true, title: '首页', name: 'Home' });
const plan = view('/manage/examinationAffairsManage/plan/index', {
  query: 'step=exam',
  title: '考试报名',
  name: 'ExamPlanStepExam',
});
const rooms = view('/manage/examinationAffairsManage/room/index', { title: '考场管理', name: 'ExamRoom' });
const paper = view('/manage/exam/testpaper/7', { title: '试卷详情', name: 'TestPaperDetail', noCache: true });

describe('visited-view list operations', () => {
  it('adds a view once per path', () => {
    const once = addView([home], rooms);
    expect(once.map((v) => v.path)).toEqual([home.path, rooms.path]);
    expect(addView(once, rooms)).toHaveLength(2);
  });

  it('keeps affixed tabs leftmost even when added later', () => {
    expect(addView([rooms, plan], home).map((v) => v.path)).toEqual([home.path, rooms.path, plan.path]);
  });

  it('a query-only change updates the existing tab instead of opening another', () => {
    const list = addView([home, plan], {
      ...plan,
      query: 'step=ticket',
      meta: { ...plan.meta, title: '准考证' },
    });
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ path: plan.path, query: 'step=ticket', meta: { title: '准考证' } });
    expect(fullPathOf(list[1]!)).toBe(`${plan.path}?step=ticket`);
  });

  it('deletes one view but never an affixed one', () => {
    expect(deleteView([home, plan, rooms], plan.path).map((v) => v.path)).toEqual([home.path, rooms.path]);
    expect(deleteView([home, plan], home.path)).toHaveLength(2);
  });

  it('delete others keeps the affixed tabs and the chosen one', () => {
    expect(deleteOtherViews([home, plan, rooms, paper], rooms.path).map((v) => v.path)).toEqual([
      home.path,
      rooms.path,
    ]);
  });

  it('delete all keeps only the affixed tabs', () => {
    expect(deleteAllViews([home, plan, rooms])).toEqual([home]);
  });

  it('update replaces the fields of the view with that path', () => {
    const list = updateView([home, rooms], {
      path: rooms.path,
      meta: { title: '考场 A', affix: false, noCache: false },
    });
    expect(list[1]?.meta.title).toBe('考场 A');
    expect(list[0]).toBe(home);
  });

  it('cached views exclude noCache pages', () => {
    expect(cachedViewNames([home, rooms, paper])).toEqual(['Home', 'ExamRoom']);
  });

  it('merging a saved list keeps its order, adds the page being opened and puts affixed tabs first', () => {
    const merged = mergeViews([rooms, home, plan], [home, paper]);
    expect(merged.map((v) => v.path)).toEqual([home.path, rooms.path, plan.path, paper.path]);
  });
});

describe('visited-view signals', () => {
  beforeEach(() => resetVisitedViews());

  it('exposes cached views as a derived signal', () => {
    addVisitedView(home);
    addVisitedView(paper);
    addVisitedView(rooms);
    expect(cachedViews.value).toEqual(['Home', 'ExamRoom']);
    delVisitedView(rooms.path);
    expect(cachedViews.value).toEqual(['Home']);
  });

  it('persists per administrator and restores after a reload', async () => {
    await hydrateVisitedViews('founder');
    addVisitedView(home);
    addVisitedView(rooms);
    addVisitedView(plan);
    await visitedViewsSaved();

    resetVisitedViews(); // a reload starts empty
    addVisitedView(paper); // the page being opened
    await hydrateVisitedViews('founder');
    expect(visitedViews.value.map((v) => v.path)).toEqual([home.path, rooms.path, plan.path, paper.path]);

    resetVisitedViews();
    await hydrateVisitedViews('manager');
    expect(visitedViews.value).toEqual([]);
  });

  it('reports stored only after the restore and once every change is written', async () => {
    expect(visitedViewsStored.value).toBe(false);
    addVisitedView(home); // before the restore: nothing is stored yet
    expect(visitedViewsStored.value).toBe(false);
    await hydrateVisitedViews('founder-3');
    await visitedViewsSaved();
    expect(visitedViewsStored.value).toBe(true);
    addVisitedView(rooms);
    expect(visitedViewsStored.value).toBe(false);
    await visitedViewsSaved();
    expect(visitedViewsStored.value).toBe(true);
    resetVisitedViews();
    expect(visitedViewsStored.value).toBe(false);
  });

  it("another administrator in the same tab never gets the previous one's tabs", async () => {
    await hydrateVisitedViews('founder-2');
    addVisitedView(home);
    addVisitedView(rooms);
    await hydrateVisitedViews('college-2');
    expect(visitedViews.value).toEqual([]);
  });

  it('drops saved tabs the administrator may no longer open', async () => {
    await hydrateVisitedViews('college');
    addVisitedView(home);
    addVisitedView(rooms);
    await visitedViewsSaved();
    resetVisitedViews();
    await hydrateVisitedViews('college', (v) => v.path !== rooms.path);
    expect(visitedViews.value.map((v) => v.path)).toEqual([home.path]);
    delAllVisitedViews();
    expect(visitedViews.value).toEqual([home]);
  });
});
