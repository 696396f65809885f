// GET /v1/dashboard/admin: the back-office home's figures, counted live on the server (a college
// administrator's figures cover its own organisation only).
import { adminDashboardAnswer } from '../../../shared/dashboard/schema.ts';
import { api } from '../../lib/api/client.ts';

export type { AdminDashboard } from '../../../shared/dashboard/schema.ts';

export const fetchAdminDashboard = () =>
  api.get('/v1/dashboard/admin', adminDashboardAnswer, { apiType: 'administrators' });
