// Back-office pages by the `component` name the server's menu tree gives (GET /v1/user/menus). Each entry
// is a lazy import, so every page is its own chunk. A name missing here (a feature not built yet, or an
// unknown component) renders the real 404 page. Page engineers: add ONE line per page, e.g.
//   'examinationAffairsManage/plan/index': () => import('../features/plans/pages/PlanListPage.tsx'),
import type { PageLoader } from './page-registry.ts';

export const managePages: Record<string, PageLoader> = {
  index: () => import('../features/dashboard/pages/ManageHomePage.tsx'),
  'examinationAffairsManage/plan/index': () => import('./plan-page/PlanIndexPage.tsx'),
  'examinationAffairsManage/room/index': () => import('../features/rooms/pages/RoomPage.tsx'),
  'examinationAffairsManage/personnel/index': () => import('../features/staff/pages/StaffPage.tsx'),
  'settingManage/feedbacks': () => import('../features/feedbacks/pages/FeedbackPage.tsx'),
  'settingManage/functionalModule': () => import('../features/roles/pages/FunctionalModulePage.tsx'),
  'settingManage/rolePermission': () => import('../features/roles/pages/RolePermissionPage.tsx'),
  'dataStatisticsManage/certificate': () => import('../features/certificates/pages/CertificatePage.tsx'),
  'dataStatisticsManage/certificate/unit': () => import('../features/certificates/pages/InstitutionPage.tsx'),
  'examineManage/exam/plan': () => import('../features/reviews/pages/ReviewPage.tsx'),
  'trainingManage/financial/check': () => import('../features/payments/pages/ReconciliationPage.tsx'),
  'trainingManage/financial/fix': () => import('../features/payments/pages/PricingPage.tsx'),
  'settingManage/organization': () => import('../features/organizations/pages/OrganizationPage.tsx'),
  'settingManage/administratorAccount': () =>
    import('../features/administrators/pages/AdministratorAccountPage.tsx'),
  'settingManage/systemLog': () => import('../features/system-logs/pages/SystemLogPage.tsx'),
  'exam/testpaper': () => import('../features/papers/pages/PaperListPage.tsx'),
  'exam/testpaper/:id': () => import('../features/papers/pages/PaperDetailPage.tsx'),
  'exam/testpaper/check/:id': () => import('../features/papers/pages/PaperCheckPage.tsx'),
  'examinationCenter/examPlanLists': () => import('../features/exam-center/pages/ExamPlanListsPage.tsx'),
  'examinationCenter/exam/testpaper': () => import('../features/exam-center/pages/MarkingPapersPage.tsx'),
  'examinationCenter/exam/testpaper/:id': () => import('../features/exam-center/pages/MarkingPaperPage.tsx'),
  'examinationAffairsManage/question/index': () =>
    import('../features/questions/pages/QuestionLandingPage.tsx'),
  'exam/question-bank': () => import('../features/questions/pages/BankListPage.tsx'),
  'exam/question-bank/:id/question/category': () => import('../features/questions/pages/CategoryPage.tsx'),
  'exam/question': () => import('../features/questions/pages/QuestionPage.tsx'),
  'trainingManage/course/index': () => import('../features/courses/pages/CourseListPage.tsx'),
  'trainingManage/course/chapter': () => import('../features/courses/pages/CourseChapterPage.tsx'),
  'trainingManage/course/lesson': () => import('../features/courses/pages/CourseLessonPage.tsx'),
  'trainingManage/video/index': () => import('../features/videos/pages/VideoLibraryPage.tsx'),
  'trainingManage/classes/classRecord': () => import('../features/attendance/pages/ClassRecordPage.tsx'),
  'trainingManage/completion/index': () => import('../features/completion/pages/CompletionPage.tsx'),
  'trainingManage/classes/info': () => import('../features/class-members/pages/ClassInfoPage.tsx'),
  'trainingManage/student/index': () => import('../features/class-members/pages/StudentListPage.tsx'),
  'trainingManage/classes/index': () => import('../features/training/pages/ClassListPage.tsx'),
  'trainingManage/classes/add': () => import('../features/training/pages/ClassFormPage.tsx'),
  'trainingManage/classes/set': () => import('../features/training/pages/ClassFormPage.tsx'),
  'trainingManage/classes/addClasses': () => import('../features/training/pages/AddClassesPage.tsx'),
  'trainingManage/classes/setClasses': () => import('../features/training/pages/SetClassesPage.tsx'),
  'contentManage/informationRelease': () => import('../features/articles/pages/InformationReleasePage.tsx'),
  'contentManage/customPortal': () => import('../features/custom-pages/pages/CustomPortalPage.tsx'),
  'contentManage/downloadCenter': () => import('../features/downloads/pages/DownloadCenterPage.tsx'),
};

export function managePageLoader(component: string | null | undefined): PageLoader | undefined {
  if (!component) return undefined;
  return Object.hasOwn(managePages, component) ? managePages[component] : undefined;
}
