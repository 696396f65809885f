// The learner's messages: the paginated inbox, one message (opening it marks it read) and mark all read.
import {
  markAllReadAnswer,
  notificationAnswer,
  notificationListAnswer,
} from '../../../shared/notifications/schema.ts';
import { api } from '../../lib/api/client.ts';

export function fetchInbox(query: { page: number; limit: number; unread?: boolean }) {
  return api.get('/v1/notifications', notificationListAnswer, {
    params: { page: query.page, limit: query.limit, unread: query.unread ? 'true' : undefined },
    apiType: 'learners',
    silent: true,
  });
}

export function openMessage(id: number) {
  return api.get(`/v1/notifications/${id}`, notificationAnswer, { apiType: 'learners', silent: true });
}

export function markAllRead() {
  return api.post('/v1/notifications/read-all', markAllReadAnswer, undefined, { apiType: 'learners' });
}
