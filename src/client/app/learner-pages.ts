// Learner-side pages: the /userCenter sub-pages (spec §2) and the public pages, each a lazy import (its
// own chunk). A page whose feature is not built yet has no entry and renders the real 404 page. Page
// engineers: add ONE line per page; a page showing texts of the study group (app/messages.ts) is wrapped in
// withStudyTexts(…) so they load with it.
import { loadMessageGroup } from '../lib/i18n/index.ts';
import type { PageLoader } from './page-registry.ts';

/**
 * A page showing texts of the study group (app/messages.ts): the page and the group's table load together.
 * `page` is the page's own loader, which the build reads the page's module from
 * (scripts/web/page-registries.ts).
 */
function withStudyTexts(page: PageLoader): PageLoader & { page: PageLoader } {
  return Object.assign(() => Promise.all([page(), loadMessageGroup('study')]).then(([module]) => module), {
    page,
  });
}

/** The 13 sub-pages of /userCenter, in the side-nav order (spec §2). */
export const USER_CENTER_PAGES = [
  'myCourse',
  'myProject',
  'myProjectInfo',
  'myProgram',
  'myOrder',
  'myNotify',
  'myNotifyInfo',
  'myEnroll',
  'myEnrollLists',
  'myEnrollInfo',
  'admissionDown',
  'achievementQuery',
  'userInfo',
  'myFeedback',
  'myExam',
  'myExamInfo',
] as const;
export type UserCenterPage = (typeof USER_CENTER_PAGES)[number];

/** The list each detail page is opened from (the side nav and the phone's back arrow go up by it). */
export const LIST_OF_DETAIL: Partial<Record<UserCenterPage, UserCenterPage>> = {
  myProjectInfo: 'myProject',
  myNotifyInfo: 'myNotify',
  myEnrollInfo: 'myEnrollLists',
  myExamInfo: 'myExam',
};

/** Detail pages reached from a list, not shown in the side nav. */
export const USER_CENTER_DETAIL_PAGES = Object.keys(LIST_OF_DETAIL) as readonly UserCenterPage[];

/** '' is /userCenter itself (the learner's summary). */
export const userCenterPages: Partial<Record<UserCenterPage | '', PageLoader>> = {
  '': () => import('../features/user-center/pages/UserCenterHomePage.tsx'),
  userInfo: () => import('../features/profile/pages/ProfilePage.tsx'),
  myEnroll: () => import('../features/enrollments/pages/MyEnrollPage.tsx'),
  myEnrollLists: () => import('../features/enrollments/pages/MyEnrollListsPage.tsx'),
  myEnrollInfo: () => import('../features/enrollments/pages/MyEnrollInfoPage.tsx'),
  myOrder: () => import('../features/payments/pages/MyOrderPage.tsx'),
  admissionDown: () => import('../features/tickets/pages/AdmissionDownPage.tsx'),
  achievementQuery: () => import('../features/scores/pages/AchievementQueryPage.tsx'),
  myNotify: () => import('../features/notifications/pages/MyNotifyPage.tsx'),
  myNotifyInfo: () => import('../features/notifications/pages/MyNotifyInfoPage.tsx'),
  myFeedback: () => import('../features/feedbacks/pages/MyFeedbackPage.tsx'),
  myExam: withStudyTexts(() => import('../features/exam-runner/pages/MyExamPage.tsx')),
  myExamInfo: withStudyTexts(() => import('../features/exam-runner/pages/MyExamInfoPage.tsx')),
  myCourse: withStudyTexts(() => import('../features/learning/pages/MyCoursePage.tsx')),
  myProject: withStudyTexts(() => import('../features/my-training/pages/MyProjectPage.tsx')),
  myProjectInfo: withStudyTexts(() => import('../features/my-training/pages/MyProjectInfoPage.tsx')),
  myProgram: withStudyTexts(() => import('../features/my-training/pages/MyProgramPage.tsx')),
};

/** Public pages other than the shell's own (/, /login, /manage/login, /404, /401, /redirect, logouts). */
export const publicPages: Record<string, PageLoader> = {
  '/': () => import('../features/portal/pages/PortalPage.tsx'),
  '/enroll': () => import('../features/portal/pages/EnrollPage.tsx'),
  '/sign': () => import('../features/auth/pages/SignUpPage.tsx'),
  '/verify/:kind/:token': () => import('../features/certificates/pages/VerifyPage.tsx'),
  '/verify/completion/:token': () => import('../features/completion/pages/CompletionVerifyPage.tsx'),
  '/certificateVerify': () => import('../features/certificates/pages/CertificateQueryPage.tsx'),
  '/manage/studentFilesInfo': () => import('../features/candidate-files/pages/CandidateFilePage.tsx'),
  '/course': withStudyTexts(() => import('../features/learning/pages/CoursePage.tsx')),
  '/courseDetail': withStudyTexts(() => import('../features/learning/pages/CourseDetailPage.tsx')),
  '/video': withStudyTexts(() => import('../features/learning/pages/VideoPage.tsx')),
  '/myVideo': withStudyTexts(() => import('../features/learning/pages/MyVideoPage.tsx')),
  '/pages/:slug': () => import('../features/custom-pages/pages/CustomPage.tsx'),
  '/news': withStudyTexts(() => import('../features/news/pages/NewsPage.tsx')),
  '/newsDetail': withStudyTexts(() => import('../features/news/pages/NewsDetailPage.tsx')),
  '/jobDetail': withStudyTexts(() => import('../features/news/pages/JobDetailPage.tsx')),
};

/** Paths of spec §2 that are public pages arriving with later issues (404 until registered above). */
export const PUBLIC_FEATURE_PATHS = [
  '/enroll',
  '/externalLogin',
  '/manage/testLogin',
  '/sign',
  '/jobDetail',
  '/courseDetail',
  '/course',
  '/news',
  '/newsDetail',
  '/video',
  '/myVideo',
  '/manage/studentFilesInfo',
  // Beyond spec §2: the public certificate query by number and holder name.
  '/certificateVerify',
] as const;
