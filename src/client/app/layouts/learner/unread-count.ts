// The unread-notification count for the learner header. The endpoint arrives with the notifications
// feature; until it answers, the badge is simply not shown (no toast: it is a background call).
import { signal, type Signal } from '@preact/signals-react';
import { api } from '../../../lib/api/client.ts';

/** null = unknown (endpoint missing, offline): hide the badge. */
export const unreadCount: Signal<number | null> = signal(null);

export async function refreshUnreadCount(): Promise<void> {
  try {
    const answer = await api.get<{ count?: unknown; unread?: unknown; data?: { count?: unknown } }>(
      '/v1/notifications/unread-count',
      {
        apiType: 'learners',
        silent: true,
      },
    );
    const value = answer?.count ?? answer?.unread ?? answer?.data?.count;
    unreadCount.value = typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    unreadCount.value = null;
  }
}
