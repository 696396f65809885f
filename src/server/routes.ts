// The /api route modules, one per area; app.ts registers them in this order.
import type { FastifyPluginAsync } from 'fastify';
import systemRoutes from './system/routes.ts';
import lookupRoutes from './lookups/routes.ts';
import regionRoutes from './regions/routes.ts';
import menuRoutes from './menus/routes.ts';
import authRoutes from './auth/routes.ts';
import notificationRoutes from './notifications/routes.ts';
import roomRoutes from './rooms/routes.ts';
import staffRoutes from './staff/routes.ts';
import ticketRoutes from './tickets/routes.ts';
import scoreRoutes from './scores/routes.ts';
import certificateRoutes from './certificates/routes.ts';
import candidateFileRoutes from './candidate-files/routes.ts';
import planRoutes from './plans/routes.ts';
import profileRoutes from './profile/routes.ts';
import uploadRoutes from './uploads/routes.ts';
import enrollmentRoutes from './enrollments/routes.ts';
import reviewRoutes from './reviews/routes.ts';
import paymentRoutes from './payments/routes.ts';
import dashboardRoutes from './dashboard/routes.ts';
import organizationRoutes from './organizations/routes.ts';
import administratorRoutes from './administrators/routes.ts';
import systemLogRoutes from './system-logs/routes.ts';
import feedbackRoutes from './feedbacks/routes.ts';
import roleRoutes from './roles/routes.ts';
import examRoutes from './exams/routes.ts';
import markingRoutes from './marking/routes.ts';
import paperRoutes from './papers/routes.ts';
import questionRoutes from './questions/routes.ts';
import learningRoutes from './learning/routes.ts';
import videoRoutes from './videos/routes.ts';
import courseRoutes from './courses/routes.ts';
import classMemberRoutes from './class-members/routes.ts';
import myTrainingRoutes from './my-training/routes.ts';
import trainingRoutes from './training/routes.ts';
import attendanceRoutes from './attendance/routes.ts';
import completionRoutes from './completion/routes.ts';
import contentCategoryRoutes from './content-categories/routes.ts';
import articleRoutes from './articles/routes.ts';
import customPageRoutes from './custom-pages/routes.ts';
import downloadRoutes from './downloads/routes.ts';
import contentStatsRoutes from './content-stats/routes.ts';

export const apiRoutes: FastifyPluginAsync[] = [
  systemRoutes,
  lookupRoutes,
  regionRoutes,
  menuRoutes,
  authRoutes,
  notificationRoutes,
  roomRoutes,
  staffRoutes,
  ticketRoutes,
  scoreRoutes,
  certificateRoutes,
  candidateFileRoutes,
  planRoutes,
  profileRoutes,
  uploadRoutes,
  enrollmentRoutes,
  reviewRoutes,
  paymentRoutes,
  dashboardRoutes,
  organizationRoutes,
  administratorRoutes,
  systemLogRoutes,
  feedbackRoutes,
  roleRoutes,
  examRoutes,
  paperRoutes,
  markingRoutes,
  questionRoutes,
  learningRoutes,
  videoRoutes,
  courseRoutes,
  myTrainingRoutes,
  trainingRoutes,
  attendanceRoutes,
  completionRoutes,
  classMemberRoutes,
  contentCategoryRoutes,
  articleRoutes,
  customPageRoutes,
  downloadRoutes,
  contentStatsRoutes,
];
