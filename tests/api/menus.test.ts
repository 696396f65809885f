import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, SidebarsResponse } from '../../src/shared/menus/schema.ts';
import { menusResponseSchema, sidebarsResponseSchema } from '../../src/shared/menus/schema.ts';
import { functionalModules, menus } from '../../src/server/db/schema/index.ts';
import { ensureMenus } from '../../src/server/menus/service.ts';
import { ensureRoles } from '../../src/server/roles/service.ts';
import { createTestApp, login, request, type TestContext } from '../helpers/api.ts';

let ctx: TestContext;
const tokens: Record<'founder' | 'manager' | 'college' | 'learner', string> = {
  founder: '',
  manager: '',
  college: '',
  learner: '',
};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[name] = await login(ctx.app, name, name === 'learner' ? 'learners' : 'administrators');
});
afterAll(() => ctx.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  request(ctx.app, { method: 'GET', url, token, headers });

async function menusOf(who: 'founder' | 'manager' | 'college'): Promise<MenuItem[]> {
  const res = await get('/api/v1/user/menus', tokens[who]);
  expect(res.statusCode).toBe(200);
  return menusResponseSchema.parse(res.json()).data;
}

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);
const byName = (items: MenuItem[]) => new Map(flatten(items).map((item) => [item.name, item]));

const STEP_ENTRIES = ['ExamPlanStepExam', 'ExamPlanStepTicket', 'ExamPlanStepScoring'];
const MANAGER_ONLY = [
  'ExamMaterialReview',
  'Courses',
  'CourseList',
  'CourseChapter',
  'CourseLesson',
  'Completion',
  'Video',
  'QualificationRate',
  'Comparative',
  'DataExport',
  'StudentCertificates',
  'CertificateUnits',
];
const FOUNDER_MANAGER = [
  'ExamPlanManage',
  'ExamRoom',
  'ExamStaff',
  'QuestionBank',
  'Finance',
  'FinancePricing',
  'FinanceCheck',
];
const EVERYONE = [
  'Home',
  'TrainingClasses',
  'ClassList',
  'Students',
  'UserCount',
  'LearningProgress',
  'CustomQuery',
];

describe('GET /v1/user/menus', () => {
  it('gives each menu item the route shape of spec §3 with pinyin', async () => {
    const tree = await menusOf('founder');
    const bank = byName(tree).get('QuestionBank')!;
    expect(Object.keys(bank).sort()).toEqual([
      'children',
      'component',
      'hidden',
      'meta',
      'name',
      'path',
      'redirect',
      'system',
    ]);
    expect(Object.keys(bank.meta).sort()).toEqual(
      [
        'affix',
        'hidden',
        'icon',
        'index',
        'noCache',
        'opened',
        'pinyin',
        'query',
        'roles',
        'system',
        'title',
        'unRoles',
      ].sort(),
    );
    expect(bank).toMatchObject({
      path: '/manage/examinationAffairsManage/question/index',
      component: 'examinationAffairsManage/question/index',
      system: 1,
      hidden: false,
      meta: {
        title: '题库管理',
        icon: 'IconBooks',
        roles: ['founder', 'manager'],
        pinyin: { full: 'tikuguanli', initials: 'tkgl' },
      },
    });
    expect(byName(tree).get('QuestionBankList')!.meta).toMatchObject({
      title: '题库列表',
      pinyin: { full: 'tikuliebiao', initials: 'tklb' },
    });
  });

  it('covers every back-office system and the home page for founder', async () => {
    const tree = await menusOf('founder');
    expect(new Set(tree.map((item) => item.system))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const home = tree.find((item) => item.path === '/manage/index')!;
    expect(home).toMatchObject({ system: 0, component: 'index', meta: { affix: true } });
    const all = flatten(tree);
    for (const item of all) {
      if (item.component !== 'Layout' && item.component !== 'index')
        expect(`/manage/${item.component}`).toBe(item.path);
      expect(item.meta.system).toBe(item.system);
      expect(item.meta.pinyin.full).toMatch(/^[a-z0-9]+$/);
    }
  });

  it('delivers every back-office route of spec §2 to the administrator types it is meant for', async () => {
    const trees = await Promise.all([menusOf('founder'), menusOf('manager'), menusOf('college')]);
    const paths = new Set(trees.flatMap((tree) => flatten(tree).map((item) => item.path)));
    const EA = '/manage/examinationAffairsManage';
    const TM = '/manage/trainingManage';
    const DS = '/manage/dataStatisticsManage';
    const specRoutes = [
      '/manage/index',
      `${EA}/plan/index`,
      '/manage/examineManage/exam/plan',
      `${EA}/room/index`,
      `${EA}/personnel/index`,
      `${EA}/question/index`,
      ...['index', 'info', 'add', 'set', 'classRecord', 'addClasses', 'setClasses'].map(
        (p) => `${TM}/classes/${p}`,
      ),
      ...['student/index', 'course/index', 'course/chapter', 'course/lesson', 'completion/index'].map(
        (p) => `${TM}/${p}`,
      ),
      ...['financial/fix', 'financial/check', 'video/index'].map((p) => `${TM}/${p}`),
      ...[
        'userCount',
        'progressOfLearning/index',
        'progressOfLearning/learner',
        'progressOfLearning/classes/classRecord',
      ].map((p) => `${DS}/${p}`),
      ...[
        'qualificationRate',
        'comparative',
        'customQuery',
        'classes',
        'certificate',
        'certificate/unit',
      ].map((p) => `${DS}/${p}`),
      ...['index/index', 'customPortal', 'informationRelease', 'downloadCenter', 'statistics'].map(
        (p) => `/manage/contentManage/${p}`,
      ),
      ...[
        'feedbacks',
        'functionalModule',
        'organization',
        'rolePermission',
        'administratorAccount',
        'systemLog',
      ].map((p) => `/manage/settingManage/${p}`),
    ];
    for (const path of specRoutes) expect(paths, path).toContain(path);
    expect(paths).not.toContain('/manage/studentFilesInfo');
  });

  it('keeps the question bank pages as hidden children', async () => {
    const bank = byName(await menusOf('manager')).get('QuestionBank')!;
    expect(bank.children.map((child) => child.path)).toEqual([
      '/manage/exam/testpaper',
      '/manage/exam/testpaper/:id',
      '/manage/exam/testpaper/check/:id',
      '/manage/examinationCenter/exam/testpaper',
      '/manage/examinationCenter/exam/testpaper/:id',
      '/manage/exam/question-bank',
      '/manage/exam/question-bank/:id/question/category',
      '/manage/examinationCenter/examPlanLists',
      '/manage/exam/question',
    ]);
    for (const child of bank.children) {
      expect(child.hidden).toBe(true);
      expect(child.meta.hidden).toBe(true);
      expect(child.system).toBe(1);
    }
    expect(bank.children[1]!.component).toBe('exam/testpaper/:id');
  });

  it('shows founder plan management and the general lists but not the manager-only pages', async () => {
    const names = byName(await menusOf('founder'));
    for (const name of [...FOUNDER_MANAGER, ...EVERYONE, 'Feedbacks', 'InformationRelease'])
      expect(names.has(name), name).toBe(true);
    for (const name of [...MANAGER_ONLY, ...STEP_ENTRIES]) expect(names.has(name), name).toBe(false);
    expect(names.get('ExamPlan')!.redirect).toBe('/manage/examinationAffairsManage/plan/index');
  });

  it('shows manager the review, course, completion, video and statistics pages', async () => {
    const names = byName(await menusOf('manager'));
    for (const name of [...MANAGER_ONLY, ...FOUNDER_MANAGER, ...EVERYONE])
      expect(names.has(name), name).toBe(true);
    for (const name of STEP_ENTRIES) expect(names.has(name), name).toBe(false);
    expect(names.get('ExamMaterialReview')!.meta.roles).toEqual(['manager']);
  });

  it('gives college the three step entries instead of plan management, and no content or settings', async () => {
    const tree = await menusOf('college');
    const names = byName(tree);
    for (const name of [...MANAGER_ONLY, ...FOUNDER_MANAGER]) expect(names.has(name), name).toBe(false);
    for (const name of [...EVERYONE, ...STEP_ENTRIES]) expect(names.has(name), name).toBe(true);
    expect(flatten(tree).some((item) => item.system === 4 || item.system === 5)).toBe(false);

    const plan = names.get('ExamPlan')!;
    expect(
      plan.children.map((child) => [child.name, child.path, child.meta.query, child.meta.index]),
    ).toEqual([
      [
        'ExamPlanStepExam',
        '/manage/examinationAffairsManage/plan/index',
        { step: 'exam' },
        '/manage/examinationAffairsManage/plan/index?step=exam',
      ],
      [
        'ExamPlanStepTicket',
        '/manage/examinationAffairsManage/plan/index',
        { step: 'ticket' },
        '/manage/examinationAffairsManage/plan/index?step=ticket',
      ],
      [
        'ExamPlanStepScoring',
        '/manage/examinationAffairsManage/plan/index',
        { step: 'scoring' },
        '/manage/examinationAffairsManage/plan/index?step=scoring',
      ],
    ]);
    for (const step of plan.children) expect(step.component).toBe('examinationAffairsManage/plan/index');
    expect(plan.redirect).toBe('/manage/examinationAffairsManage/plan/index?step=exam');
  });

  it('opens the finance menu by default', async () => {
    const finance = byName(await menusOf('manager')).get('Finance')!;
    expect(finance).toMatchObject({
      component: 'Layout',
      redirect: '/manage/trainingManage/financial/fix',
      meta: { opened: true },
    });
    expect(finance.children.map((child) => child.meta.title)).toEqual(['收费标准', '报名缴费对账']);
  });

  it('revalidates with ETag and 304', async () => {
    const first = await get('/api/v1/user/menus', tokens.founder);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/api/v1/user/menus', tokens.founder, {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    const college = await get('/api/v1/user/menus', tokens.college, {
      'if-none-match': first.headers.etag as string,
    });
    expect(college.statusCode).toBe(200);
  });

  it('refuses learners (403) and anonymous callers (401)', async () => {
    expect((await get('/api/v1/user/menus', tokens.learner)).statusCode).toBe(403);
    expect((await get('/api/v1/user/menus')).statusCode).toBe(401);
    expect((await get('/api/v1/administrator/sidebars?system=1', tokens.learner)).statusCode).toBe(403);
    expect((await get('/api/v1/administrator/sidebars?system=1')).statusCode).toBe(401);
  });
});

describe('GET /v1/administrator/sidebars', () => {
  const sidebar = async (
    who: 'founder' | 'manager' | 'college',
    system: number,
  ): Promise<SidebarsResponse> => {
    const res = await get(`/api/v1/administrator/sidebars?system=${system}`, tokens[who]);
    expect(res.statusCode).toBe(200);
    return sidebarsResponseSchema.parse(res.json());
  };

  it("returns one system's sidebar and the six header tabs with their landings", async () => {
    const body = await sidebar('founder', 2);
    expect(body.system).toBe(2);
    expect(body.sidebar.map((item) => item.name)).toEqual(['TrainingClasses', 'Students', 'Finance']);
    expect(flatten(body.sidebar).every((item) => item.system === 2)).toBe(true);
    expect(body.tabs).toEqual([
      { index: 0, key: 'home', title: '首页', landing: '/manage/index', enabled: true, visible: true },
      {
        index: 1,
        key: 'examAffairs',
        title: '考务管理',
        landing: '/manage/examinationAffairsManage/plan',
        enabled: true,
        visible: true,
      },
      {
        index: 2,
        key: 'training',
        title: '培训管理',
        landing: '/manage/trainingManage/classes',
        enabled: true,
        visible: true,
      },
      {
        index: 3,
        key: 'statistics',
        title: '数据统计',
        landing: '/manage/dataStatisticsManage/userCount',
        enabled: true,
        visible: true,
      },
      {
        index: 4,
        key: 'content',
        title: '内容管理',
        landing: '/manage/contentManage/index',
        enabled: true,
        visible: true,
      },
      {
        index: 5,
        key: 'settings',
        title: '系统设置',
        landing: '/manage/settingManage/feedbacks',
        enabled: true,
        visible: true,
      },
    ]);
    expect((await sidebar('manager', 2)).sidebar.map((item) => item.name)).toEqual([
      'TrainingClasses',
      'Students',
      'Courses',
      'Completion',
      'Finance',
      'Video',
    ]);
  });

  it('hides the content and settings tabs from college and gives it an empty sidebar there', async () => {
    const body = await sidebar('college', 4);
    expect(body.sidebar).toEqual([]);
    expect(body.tabs.filter((tab) => !tab.visible).map((tab) => tab.index)).toEqual([4, 5]);
    expect((await sidebar('college', 1)).sidebar.map((item) => item.name)).toEqual(['ExamPlan']);
    expect((await sidebar('founder', 5)).sidebar).toHaveLength(6);
  });

  it('refuses a system outside 0..5 with 422', async () => {
    for (const query of ['system=9', 'system=-1', 'system=abc', 'system=1.5', '']) {
      const res = await get(`/api/v1/administrator/sidebars?${query}`, tokens.founder);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors).toHaveProperty('system');
    }
  });
});

describe('rules kept in the database', () => {
  it('hides the menus of a switched-off module and marks a switched-off tab disabled', async () => {
    const db = ctx.app.db;
    await db
      .update(functionalModules)
      .set({ enabled: false })
      .where(eq(functionalModules.key, 'questionBank'));
    await db.update(functionalModules).set({ enabled: false }).where(eq(functionalModules.key, 'statistics'));
    try {
      const names = byName(await menusOf('manager'));
      expect(names.has('QuestionBank')).toBe(false);
      expect(names.has('TestPaper')).toBe(false);
      expect(names.has('ExamRoom')).toBe(true);
      expect(names.has('UserCount')).toBe(false);

      const res = await get('/api/v1/administrator/sidebars?system=3', tokens.manager);
      const body = sidebarsResponseSchema.parse(res.json());
      expect(body.sidebar).toEqual([]);
      expect(body.tabs[3]).toMatchObject({ index: 3, enabled: false, visible: true });
      expect(body.tabs[1]).toMatchObject({ enabled: true });
    } finally {
      await db.update(functionalModules).set({ enabled: true });
    }
    expect(byName(await menusOf('manager')).has('QuestionBank')).toBe(true);
  });

  it('does not enforce unRoles (spec §6): a matching unRoles hides nothing', async () => {
    const db = ctx.app.db;
    await db
      .update(menus)
      .set({ unRoles: ['founder'] })
      .where(eq(menus.name, 'UserCount'));
    const userCount = byName(await menusOf('founder')).get('UserCount');
    expect(userCount?.meta.unRoles).toEqual(['founder']);
    await db.update(menus).set({ unRoles: null }).where(eq(menus.name, 'UserCount'));
  });

  it('re-running the reference data adds nothing and keeps settings edits', async () => {
    const db = ctx.app.db;
    await db.update(menus).set({ title: '试题库' }).where(eq(menus.name, 'QuestionBank'));
    const [before] = await db.select({ n: count() }).from(menus);
    await ensureRoles(db, await ensureMenus(db));
    const [after] = await db.select({ n: count() }).from(menus);
    expect(after!.n).toBe(before!.n);
    expect(byName(await menusOf('founder')).get('QuestionBank')!.meta).toMatchObject({
      title: '试题库',
      pinyin: { full: 'shitiku', initials: 'stk' },
    });

    // A menu removed by mistake comes back at the next start, under its old parent.
    await db.delete(menus).where(eq(menus.name, 'TestPaperCheck'));
    await ensureRoles(db, await ensureMenus(db));
    const bank = byName(await menusOf('founder')).get('QuestionBank')!;
    expect(bank.children.map((child) => child.name)).toContain('TestPaperCheck');
    const [orphans] = await db
      .select({ n: count() })
      .from(menus)
      .where(sql`${menus.parentId} is not null and ${menus.parentId} not in (select id from menus)`);
    expect(orphans!.n).toBe(0);
  });
});
