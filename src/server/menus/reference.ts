// The back-office route tree of spec §2 and the module switches, as first installed. Paths are absolute;
// `component` is the path after /manage/ (route params as :id), or 'Layout' for a group without a page.
import type { AdministratorType, SystemIndex } from '../../shared/api/constants.ts';
import { PAGE_ROLES, type PageKey } from '../../shared/menus/page-roles.ts';

export const GROUP_COMPONENT = 'Layout';

export interface MenuSeed {
  name: string;
  path: string;
  title: string;
  icon?: string;
  /** Defaults to the path after /manage/. */
  component?: string;
  redirect?: string;
  query?: string;
  hidden?: boolean;
  affix?: boolean;
  noCache?: boolean;
  opened?: boolean;
  /** Page key in PAGE_ROLES; none = every administrator type. */
  page?: PageKey;
  unRoles?: AdministratorType[];
  module?: string;
  children?: MenuSeed[];
}

export interface ModuleSeed {
  key: string;
  name: string;
  kind: 'system' | 'feature';
  system: SystemIndex;
}

/**
 * Header tabs that can be switched off (kind `system`) and feature modules. Home (0) and settings (5) have
 * no switch: turning them off would lock administrators out of the page that turns them back on.
 */
export const MODULE_SEEDS: ModuleSeed[] = [
  { key: 'examAffairs', name: '考务管理', kind: 'system', system: 1 },
  { key: 'training', name: '培训管理', kind: 'system', system: 2 },
  { key: 'statistics', name: '数据统计', kind: 'system', system: 3 },
  { key: 'content', name: '内容管理', kind: 'system', system: 4 },
  { key: 'examPlan', name: '考试计划', kind: 'feature', system: 1 },
  { key: 'examReview', name: '报名材料审核', kind: 'feature', system: 1 },
  { key: 'examRooms', name: '考场管理', kind: 'feature', system: 1 },
  { key: 'examStaff', name: '考务人员', kind: 'feature', system: 1 },
  { key: 'questionBank', name: '题库管理', kind: 'feature', system: 1 },
  { key: 'classes', name: '班级管理', kind: 'feature', system: 2 },
  { key: 'students', name: '学员管理', kind: 'feature', system: 2 },
  { key: 'courses', name: '课程管理', kind: 'feature', system: 2 },
  { key: 'completion', name: '结业管理', kind: 'feature', system: 2 },
  { key: 'finance', name: '财务管理', kind: 'feature', system: 2 },
  { key: 'video', name: '视频管理', kind: 'feature', system: 2 },
  { key: 'userCount', name: '用户统计', kind: 'feature', system: 3 },
  { key: 'learningProgress', name: '学习进度', kind: 'feature', system: 3 },
  { key: 'qualificationRate', name: '合格率统计', kind: 'feature', system: 3 },
  { key: 'comparative', name: '对比分析', kind: 'feature', system: 3 },
  { key: 'customQuery', name: '自定义查询', kind: 'feature', system: 3 },
  { key: 'dataExport', name: '数据导出', kind: 'feature', system: 3 },
  { key: 'certificates', name: '证书与鉴定机构', kind: 'feature', system: 3 },
  { key: 'portalHome', name: '门户首页', kind: 'feature', system: 4 },
  { key: 'customPortal', name: '自定义门户', kind: 'feature', system: 4 },
  { key: 'informationRelease', name: '信息发布', kind: 'feature', system: 4 },
  { key: 'downloadCenter', name: '下载中心', kind: 'feature', system: 4 },
  { key: 'contentStatistics', name: '访问统计', kind: 'feature', system: 4 },
  { key: 'feedbacks', name: '工单反馈', kind: 'feature', system: 5 },
];

/** Default tab titles, used when a system has no module row (home, settings). */
export const SYSTEM_TITLES: Record<SystemIndex, string> = {
  0: '首页',
  1: '考务管理',
  2: '培训管理',
  3: '数据统计',
  4: '内容管理',
  5: '系统设置',
};

const EA = '/manage/examinationAffairsManage';
const TM = '/manage/trainingManage';
const DS = '/manage/dataStatisticsManage';
const CM = '/manage/contentManage';
const SM = '/manage/settingManage';

/** Hidden pages reached from the question bank (spec §2). */
const questionBankChildren: MenuSeed[] = [
  { name: 'TestPaper', path: '/manage/exam/testpaper', title: '试卷管理', icon: 'IconFileDescription' },
  {
    name: 'TestPaperDetail',
    path: '/manage/exam/testpaper/:id',
    title: '试卷详情',
    icon: 'IconFileText',
    noCache: true,
  },
  {
    name: 'TestPaperCheck',
    path: '/manage/exam/testpaper/check/:id',
    title: '试卷审核',
    icon: 'IconFileCheck',
    noCache: true,
  },
  {
    name: 'ExamCenterTestPaper',
    path: '/manage/examinationCenter/exam/testpaper',
    title: '考试中心试卷',
    icon: 'IconFiles',
  },
  {
    name: 'ExamCenterTestPaperDetail',
    path: '/manage/examinationCenter/exam/testpaper/:id',
    title: '考试中心试卷详情',
    icon: 'IconFileSearch',
    noCache: true,
  },
  { name: 'QuestionBankList', path: '/manage/exam/question-bank', title: '题库列表', icon: 'IconBooks' },
  {
    name: 'QuestionCategory',
    path: '/manage/exam/question-bank/:id/question/category',
    title: '题目分类',
    icon: 'IconCategory',
    noCache: true,
  },
  {
    name: 'ExamPlanLists',
    path: '/manage/examinationCenter/examPlanLists',
    title: '考试计划列表',
    icon: 'IconList',
  },
  { name: 'Question', path: '/manage/exam/question', title: '试题管理', icon: 'IconHelpCircle' },
].map((child) => ({ ...child, hidden: true, page: 'questionBank' as const, module: 'questionBank' }));

const classChildren: MenuSeed[] = [
  { name: 'ClassList', path: `${TM}/classes/index`, title: '班级列表', icon: 'IconList' },
  ...[
    { name: 'ClassInfo', path: `${TM}/classes/info`, title: '班级详情', icon: 'IconFileText' },
    { name: 'ClassAdd', path: `${TM}/classes/add`, title: '新建班级', icon: 'IconEdit' },
    { name: 'ClassSet', path: `${TM}/classes/set`, title: '班级设置', icon: 'IconSettings' },
    { name: 'ClassRecord', path: `${TM}/classes/classRecord`, title: '班级记录', icon: 'IconClipboardList' },
    {
      name: 'ClassAddClasses',
      path: `${TM}/classes/addClasses`,
      title: '批量新建班级',
      icon: 'IconCalendarEvent',
    },
    {
      name: 'ClassSetClasses',
      path: `${TM}/classes/setClasses`,
      title: '批量设置班级',
      icon: 'IconCalendarStats',
    },
  ].map((child) => ({ ...child, hidden: true, noCache: true })),
].map((child) => ({ ...child, page: 'classes' as const, module: 'classes' }));

/** Systems 0..5 in sidebar order. */
export const MENU_SEEDS: Record<SystemIndex, MenuSeed[]> = {
  0: [
    { name: 'Home', path: '/manage/index', component: 'index', title: '首页', icon: 'IconHome', affix: true },
  ],
  1: [
    {
      name: 'ExamPlan',
      path: `${EA}/plan`,
      component: GROUP_COMPONENT,
      redirect: `${EA}/plan/index`,
      title: '考试计划',
      icon: 'IconCalendarEvent',
      module: 'examPlan',
      children: [
        {
          name: 'ExamPlanManage',
          path: `${EA}/plan/index`,
          title: '计划管理',
          icon: 'IconListDetails',
          page: 'planManagement',
          unRoles: ['college'],
          module: 'examPlan',
        },
        ...[
          { name: 'ExamPlanStepExam', query: 'step=exam', title: '考试报名', icon: 'IconUserPlus' },
          { name: 'ExamPlanStepTicket', query: 'step=ticket', title: '准考证', icon: 'IconTicket' },
          {
            name: 'ExamPlanStepScoring',
            query: 'step=scoring',
            title: '成绩及证书查询',
            icon: 'IconCertificate',
          },
        ].map((step) => ({
          ...step,
          path: `${EA}/plan/index`,
          page: 'examStepEntries' as const,
          module: 'examPlan',
        })),
      ],
    },
    {
      name: 'ExamMaterialReview',
      path: '/manage/examineManage/exam/plan',
      title: '报名材料审核',
      icon: 'IconFileCheck',
      page: 'examReview',
      module: 'examReview',
    },
    {
      name: 'ExamRoom',
      path: `${EA}/room/index`,
      title: '考场管理',
      icon: 'IconBuilding',
      page: 'examRooms',
      module: 'examRooms',
    },
    {
      name: 'ExamStaff',
      path: `${EA}/personnel/index`,
      title: '考务人员',
      icon: 'IconUsersGroup',
      page: 'examStaff',
      module: 'examStaff',
    },
    {
      name: 'QuestionBank',
      path: `${EA}/question/index`,
      title: '题库管理',
      icon: 'IconBooks',
      page: 'questionBank',
      module: 'questionBank',
      children: questionBankChildren,
    },
  ],
  2: [
    {
      name: 'TrainingClasses',
      path: `${TM}/classes`,
      component: GROUP_COMPONENT,
      redirect: `${TM}/classes/index`,
      title: '班级管理',
      icon: 'IconSchool',
      page: 'classes',
      module: 'classes',
      children: classChildren,
    },
    {
      name: 'Students',
      path: `${TM}/student/index`,
      title: '学员管理',
      icon: 'IconUsers',
      page: 'students',
      module: 'students',
    },
    {
      name: 'Courses',
      path: `${TM}/course`,
      component: GROUP_COMPONENT,
      redirect: `${TM}/course/index`,
      title: '课程管理',
      icon: 'IconBook',
      page: 'courses',
      module: 'courses',
      children: [
        {
          name: 'CourseList',
          path: `${TM}/course/index`,
          title: '课程列表',
          icon: 'IconList',
          page: 'courses',
          module: 'courses',
        },
        {
          name: 'CourseChapter',
          path: `${TM}/course/chapter`,
          title: '章节管理',
          icon: 'IconBook2',
          hidden: true,
          noCache: true,
          page: 'chapters',
          module: 'courses',
        },
        {
          name: 'CourseLesson',
          path: `${TM}/course/lesson`,
          title: '课时管理',
          icon: 'IconPlayerPlay',
          hidden: true,
          noCache: true,
          page: 'lessons',
          module: 'courses',
        },
      ],
    },
    {
      name: 'Completion',
      path: `${TM}/completion/index`,
      title: '结业管理',
      icon: 'IconCertificate2',
      page: 'completion',
      module: 'completion',
    },
    {
      name: 'Finance',
      path: `${TM}/financial`,
      component: GROUP_COMPONENT,
      redirect: `${TM}/financial/fix`,
      title: '财务管理',
      icon: 'IconCoin',
      opened: true,
      page: 'finance',
      module: 'finance',
      children: [
        {
          name: 'FinancePricing',
          path: `${TM}/financial/fix`,
          title: '收费标准',
          icon: 'IconReceipt',
          page: 'finance',
          module: 'finance',
        },
        {
          name: 'FinanceCheck',
          path: `${TM}/financial/check`,
          title: '报名缴费对账',
          icon: 'IconReportMoney',
          page: 'finance',
          module: 'finance',
        },
      ],
    },
    {
      name: 'Video',
      path: `${TM}/video/index`,
      title: '视频管理',
      icon: 'IconVideo',
      page: 'video',
      module: 'video',
    },
  ],
  3: [
    {
      name: 'UserCount',
      path: `${DS}/userCount`,
      title: '用户统计',
      icon: 'IconChartBar',
      page: 'userCount',
      module: 'userCount',
    },
    {
      name: 'LearningProgress',
      path: `${DS}/progressOfLearning`,
      component: GROUP_COMPONENT,
      redirect: `${DS}/progressOfLearning/index`,
      title: '学习进度',
      icon: 'IconProgress',
      page: 'progress',
      module: 'learningProgress',
      children: [
        {
          name: 'LearningProgressIndex',
          path: `${DS}/progressOfLearning/index`,
          title: '学习进度统计',
          icon: 'IconListNumbers',
        },
        {
          name: 'LearningProgressLearner',
          path: `${DS}/progressOfLearning/learner`,
          title: '学员学习详情',
          icon: 'IconUserCheck',
        },
        {
          name: 'LearningProgressClassRecord',
          path: `${DS}/progressOfLearning/classes/classRecord`,
          title: '班级学习记录',
          icon: 'IconClipboardList',
        },
      ].map((child, i) => ({
        ...child,
        hidden: i > 0,
        noCache: i > 0,
        page: 'progress' as const,
        module: 'learningProgress',
      })),
    },
    {
      name: 'QualificationRate',
      path: `${DS}/qualificationRate`,
      title: '合格率统计',
      icon: 'IconChartPie',
      page: 'qualificationRate',
      module: 'qualificationRate',
    },
    {
      name: 'Comparative',
      path: `${DS}/comparative`,
      title: '对比分析',
      icon: 'IconChartLine',
      page: 'comparative',
      module: 'comparative',
    },
    {
      name: 'CustomQuery',
      path: `${DS}/customQuery`,
      title: '自定义查询',
      icon: 'IconSearch',
      page: 'customQuery',
      module: 'customQuery',
    },
    {
      name: 'DataExport',
      path: `${DS}/classes`,
      title: '数据导出',
      icon: 'IconFileExport',
      page: 'dataExport',
      module: 'dataExport',
    },
    {
      name: 'StudentCertificates',
      path: `${DS}/certificate`,
      title: '学员技能证书',
      icon: 'IconCertificate',
      page: 'certificate',
      module: 'certificates',
    },
    {
      name: 'CertificateUnits',
      path: `${DS}/certificate/unit`,
      title: '技能鉴定机构',
      icon: 'IconBuildingCommunity',
      page: 'certificateUnit',
      module: 'certificates',
    },
  ],
  4: [
    {
      name: 'PortalHome',
      path: `${CM}/index`,
      component: GROUP_COMPONENT,
      redirect: `${CM}/index/index`,
      title: '门户首页',
      icon: 'IconLayoutDashboard',
      page: 'content',
      module: 'portalHome',
      children: [
        {
          name: 'PortalHomeEdit',
          path: `${CM}/index/index`,
          title: '首页编辑',
          icon: 'IconEdit',
          page: 'content',
          module: 'portalHome',
        },
      ],
    },
    {
      name: 'CustomPortal',
      path: `${CM}/customPortal`,
      title: '自定义门户',
      icon: 'IconWorld',
      page: 'content',
      module: 'customPortal',
    },
    {
      name: 'InformationRelease',
      path: `${CM}/informationRelease`,
      title: '信息发布',
      icon: 'IconNews',
      page: 'content',
      module: 'informationRelease',
    },
    {
      name: 'DownloadCenter',
      path: `${CM}/downloadCenter`,
      title: '下载中心',
      icon: 'IconDownload',
      page: 'content',
      module: 'downloadCenter',
    },
    {
      name: 'ContentStatistics',
      path: `${CM}/statistics`,
      title: '访问统计',
      icon: 'IconChartDots',
      page: 'content',
      module: 'contentStatistics',
    },
  ],
  5: [
    {
      name: 'Feedbacks',
      path: `${SM}/feedbacks`,
      title: '工单反馈',
      icon: 'IconMessageReport',
      page: 'settings',
      module: 'feedbacks',
    },
    {
      name: 'FunctionalModule',
      path: `${SM}/functionalModule`,
      title: '功能模块',
      icon: 'IconPuzzle',
      page: 'settings',
    },
    {
      name: 'Organization',
      path: `${SM}/organization`,
      title: '组织机构',
      icon: 'IconSitemap',
      page: 'settings',
    },
    {
      name: 'RolePermission',
      path: `${SM}/rolePermission`,
      title: '角色权限',
      icon: 'IconShieldLock',
      page: 'settings',
    },
    {
      name: 'AdministratorAccount',
      path: `${SM}/administratorAccount`,
      title: '管理员账号',
      icon: 'IconUserCog',
      page: 'settings',
    },
    { name: 'SystemLog', path: `${SM}/systemLog`, title: '系统日志', icon: 'IconHistory', page: 'settings' },
  ],
};

/** The roles column value for a seed: a copy of PAGE_ROLES, or null for every type. */
export function seedRoles(seed: MenuSeed): AdministratorType[] | null {
  const roles = seed.page ? PAGE_ROLES[seed.page] : undefined;
  return roles ? [...roles] : null;
}

/** Default component: the path after /manage/. */
export const seedComponent = (seed: MenuSeed) => seed.component ?? seed.path.replace(/^\/manage\//, '');
