// Every message area, registered once (one import line + one entry per area). Keys are 'area.section.key'.
// A feature owns its texts (features/<folder>/messages.ts, the area named as the folder in camelCase);
// client/lib keeps those every feature uses: common, the back-office shell (manage) and the PWA.
// Two groups, each built per language as its own table (scripts/i18n/vite-plugin.ts):
// - learnerAreas: in the first load of every page. An area goes here when any public or user-centre page
//   (learner-pages.ts, the learner chrome, the login and error pages, the portal) or the app shell shows one
//   of its keys, even if the back office shows it too.
// - studyAreas: loaded with the learner pages that show them (learner-pages.ts withStudyTexts(…)): the
//   online exam and the course and lesson pages, which are not where a learner arrives first. An area goes
//   here when only such pages show its keys.
// - manageAreas: loaded when the back office is entered, before its first render (lib/i18n/index.ts
//   loadMessageGroup). Areas only back-office pages and the back-office chrome show.
// tests/unit/client/lib/i18n/keys-used.test.ts fails when a file a learner page reaches uses a manage key, or
// a file reached other than through a study page uses a study key.
import type { AreaMessages, MessageGroup } from '../lib/i18n/types.ts';
import administrators from '../features/administrators/messages.ts';
import articles from '../features/articles/messages.ts';
import attendance from '../features/attendance/messages.ts';
import auth from '../features/auth/messages.ts';
import candidateFiles from '../features/candidate-files/messages.ts';
import certificates from '../features/certificates/messages.ts';
import classMembers from '../features/class-members/messages.ts';
import common from '../lib/i18n/messages/common.ts';
import completion from '../features/completion/messages.ts';
import completionVerify from '../features/completion/verify-messages.ts';
import contentStats from '../features/content-stats/messages.ts';
import courses from '../features/courses/messages.ts';
import customPageManage from '../features/custom-pages/manage-messages.ts';
import downloads from '../features/downloads/messages.ts';
import enrollments from '../features/enrollments/messages.ts';
import examCenter from '../features/exam-center/messages.ts';
import examRunner from '../features/exam-runner/messages.ts';
import feedbacks from '../features/feedbacks/messages.ts';
import learning from '../features/learning/messages.ts';
import feedbackManage from '../features/feedbacks/manage-messages.ts';
import manage from '../lib/i18n/messages/manage.ts';
import myTraining from '../features/my-training/messages.ts';
import news from '../features/news/messages.ts';
import notifications from '../features/notifications/messages.ts';
import organizations from '../features/organizations/messages.ts';
import papers from '../features/papers/messages.ts';
import payments from '../features/payments/messages.ts';
import questions from '../features/questions/messages.ts';
import plans from '../features/plans/messages.ts';
import portal from '../features/portal/messages.ts';
import portalHome from '../features/portal-home/messages.ts';
import profile from '../features/profile/messages.ts';
import pwa from '../lib/i18n/messages/pwa.ts';
import reviews from '../features/reviews/messages.ts';
import rooms from '../features/rooms/messages.ts';
import scores from '../features/scores/messages.ts';
import staff from '../features/staff/messages.ts';
import staffNotices from '../features/staff-notices/messages.ts';
import roles from '../features/roles/messages.ts';
import systemLogs from '../features/system-logs/messages.ts';
import tickets from '../features/tickets/messages.ts';
import training from '../features/training/messages.ts';
import userCenter from '../features/user-center/messages.ts';
import videos from '../features/videos/messages.ts';

/** Areas a public or user-centre page shows: in every page's first load. */
export const learnerAreas: Record<string, AreaMessages> = {
  common,
  pwa,
  auth,
  candidateFiles,
  certificates,
  completionVerify,
  enrollments,
  feedbacks,
  notifications,
  payments,
  portal,
  profile,
  scores,
  tickets,
  userCenter,
};

/** Areas only the exam and lesson pages show: loaded with those pages. */
export const studyAreas: Record<string, AreaMessages> = {
  examRunner,
  learning,
  myTraining,
  news,
};

/** Areas only the back office shows: loaded when it is entered. */
export const manageAreas: Record<string, AreaMessages> = {
  manage,
  administrators,
  articles,
  attendance,
  classMembers,
  completion,
  contentStats,
  courses,
  customPageManage,
  downloads,
  examCenter,
  feedbackManage,
  organizations,
  papers,
  plans,
  portalHome,
  questions,
  reviews,
  rooms,
  staff,
  staffNotices,
  roles,
  systemLogs,
  training,
  videos,
};

/** The message groups, by name (lib/i18n/index.ts loadMessageGroup). */
export const messageGroups: Record<MessageGroup, Record<string, AreaMessages>> = {
  learner: learnerAreas,
  manage: manageAreas,
  study: studyAreas,
};

/** Every area, every group. */
export const messageAreas: Record<string, AreaMessages> = { ...learnerAreas, ...studyAreas, ...manageAreas };
