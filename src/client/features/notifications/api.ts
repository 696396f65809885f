// The learner's messages: the paginated inbox, one message (opening it marks it read) and mark all read.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { api } from '../../lib/api/client.ts';

export interface InboxItem {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  broadcast: boolean;
  created_at: string;
  read: boolean;
  read_at: string | null;
}

export function fetchInbox(query: {
  page: number;
  limit: number;
  unread?: boolean;
}): Promise<ListResponse<InboxItem>> {
  return api.get('/v1/notifications', {
    params: { page: query.page, limit: query.limit, unread: query.unread ? 'true' : undefined },
    apiType: 'learners',
    silent: true,
  });
}

export function openMessage(id: number): Promise<InboxItem> {
  return api.get(`/v1/notifications/${id}`, { apiType: 'learners', silent: true });
}

export function markAllRead(): Promise<{ marked: number }> {
  return api.post('/v1/notifications/read-all', undefined, { apiType: 'learners' });
}
