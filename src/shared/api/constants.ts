// Business constants of spec §9 and the stored-key names of spec §3/§9, shared by client, server and sw.

export const PLATFORM_TITLE = '技能人才评价服务管理平台';
export const THEME_COLOR = '#3e56ec';
export const REQUEST_TIMEOUT_MS = 20_000;
export const TOAST_DURATION_MS = 2_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const WEB_LAYOUT_BREAKPOINT_PX = 769;
export const SIDEBAR_WIDTH_PX = 210;
export const DEFAULT_VERSION = 'V1.0.0';

export const PAGINATION = {
  page: 1,
  limit: 20,
  pageSizes: [10, 20, 30, 50] as const,
  layout: ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'] as const,
  scrollToTopMs: 800,
  maxLimit: 100,
} as const;

export const USER_TYPES = ['learners', 'administrators'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ADMINISTRATOR_TYPES = ['founder', 'manager', 'college'] as const;
export type AdministratorType = (typeof ADMINISTRATOR_TYPES)[number];

/** Admin header systems (spec §2, §9). */
export const SYSTEMS = [
  { index: 0, key: 'home', landing: '/manage/index' },
  { index: 1, key: 'examAffairs', landing: '/manage/examinationAffairsManage/plan' },
  { index: 2, key: 'training', landing: '/manage/trainingManage/classes' },
  { index: 3, key: 'statistics', landing: '/manage/dataStatisticsManage/userCount' },
  { index: 4, key: 'content', landing: '/manage/contentManage/index' },
  { index: 5, key: 'settings', landing: '/manage/settingManage/feedbacks' },
] as const;
export type SystemIndex = (typeof SYSTEMS)[number]['index'];

/** Systems hidden from the college administrator type (spec §2, §6). */
export const COLLEGE_HIDDEN_SYSTEMS: readonly SystemIndex[] = [4, 5];

export const UI_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof UI_SIZES)[number];
export const DEFAULT_UI_SIZE: UiSize = 'medium';

export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Route search (spec §2 layout extras). */
export const ROUTE_SEARCH = { threshold: 0.4, titleWeight: 0.7, pathWeight: 0.3 } as const;

export const NUMBER_ABBREVIATIONS = ['k', 'M', 'G', 'T', 'P', 'E'] as const;

/** Names of the stored browser state (cookies) of spec §3/§9. */
export const STORAGE_KEYS = {
  learnerToken: 'Learner-Token',
  learnerTokenType: 'Learner-Token-Type',
  adminToken: 'Admin-Token',
  adminTokenType: 'Admin-Token-Type',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  size: 'size',
  currentSystem: 'currentSystem',
  menuRoutes: 'menuRoutes',
  version: 'version',
} as const;

export const DEFAULT_TOKEN_TYPE = 'Bearer';
