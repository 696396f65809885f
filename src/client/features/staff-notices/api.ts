// Notices to back-office staff (the header's bell): the unread count, the latest notices, opening one
// (marks it read) and marking all read. Every call is quiet: the bell is chrome, a failure hides its badge.
import {
  markAllReadAnswer,
  staffNoticeAnswer,
  staffNoticeListAnswer,
  unreadCountAnswer,
} from '../../../shared/notifications/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators', silent: true } as const;

export const fetchStaffUnread = () => api.get('/v1/admin/notices/unread-count', unreadCountAnswer, ADMIN);

export const fetchStaffNotices = (limit: number) =>
  api.get('/v1/admin/notices', staffNoticeListAnswer, { ...ADMIN, params: { page: 1, limit } });

export const readStaffNotice = (id: number) =>
  api.post(`/v1/admin/notices/${id}/read`, staffNoticeAnswer, undefined, ADMIN);

export const markAllStaffRead = () =>
  api.post('/v1/admin/notices/read-all', markAllReadAnswer, undefined, ADMIN);
