// Which administrator types may open each back-office page (spec §6); undefined = all types. Used by menu
// reference data and server routes (`admin(PAGE_ROLES.examReview)`). unRoles is effectively unenforced (spec §6).
import type { AdministratorType } from '../api/constants.ts';

const FOUNDER_MANAGER = ['founder', 'manager'] as const satisfies readonly AdministratorType[];
const MANAGER = ['manager'] as const satisfies readonly AdministratorType[];
const COLLEGE = ['college'] as const satisfies readonly AdministratorType[];

export const PAGE_ROLES = {
  home: undefined,
  // System 1, exam affairs.
  planManagement: FOUNDER_MANAGER,
  /** The college's exam registration, ticket and scoring steps (plan/index?step=exam|ticket|scoring). */
  examStepEntries: COLLEGE,
  examReview: MANAGER,
  examRooms: FOUNDER_MANAGER,
  examStaff: FOUNDER_MANAGER,
  questionBank: FOUNDER_MANAGER,
  // System 2, training.
  classes: undefined,
  students: undefined,
  courses: MANAGER,
  chapters: MANAGER,
  lessons: MANAGER,
  completion: MANAGER,
  finance: FOUNDER_MANAGER,
  video: MANAGER,
  // System 3, statistics.
  userCount: undefined,
  progress: undefined,
  qualificationRate: MANAGER,
  comparative: MANAGER,
  customQuery: undefined,
  dataExport: MANAGER,
  certificate: MANAGER,
  certificateUnit: MANAGER,
  // Systems 4 and 5 have no role limit of their own; the whole systems are hidden from college (spec §2).
  content: undefined,
  settings: undefined,
} as const satisfies Record<string, readonly AdministratorType[] | undefined>;

export type PageKey = keyof typeof PAGE_ROLES;

/** True when an administrator of `type` may open a page limited to `roles` (spec §6 rule). */
export function rolesAllow(
  roles: readonly AdministratorType[] | null | undefined,
  type: AdministratorType,
): boolean {
  return !roles || roles.length === 0 || roles.includes(type);
}
