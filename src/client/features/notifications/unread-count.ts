// The learner's unread-message count, on the header's bell (app/layouts/learner/WebHeader.tsx). One
// signal for the header and the message pages, so opening a message or marking all read shows at once.
// The count carries the session it was asked for: after a switch, the last learner's count is never shown.
import { signal, type Signal } from '@preact/signals-react';
import { unreadCountAnswer } from '../../../shared/notifications/schema.ts';
import { api } from '../../lib/api/client.ts';
import { learnerSession } from '../../lib/state/session.ts';

/** null = unknown (not asked yet, offline, the call failed): the badge is hidden. */
export const unreadCount: Signal<{ token: string; count: number } | null> = signal(null);

/** The signed-in learner's unread count, or null when it is not known for this learner. */
export function unreadCountFor(token: string): number | null {
  const known = unreadCount.value;
  return token && known?.token === token ? known.count : null;
}

export async function refreshUnreadCount(): Promise<void> {
  const token = learnerSession.peek().token;
  if (!token) {
    unreadCount.value = null;
    return;
  }
  try {
    const { count } = await api.get('/v1/notifications/unread-count', unreadCountAnswer, {
      apiType: 'learners',
      silent: true,
    });
    // An answer that comes back after a switch is dropped.
    if (learnerSession.peek().token === token) {
      unreadCount.value = Number.isFinite(count) ? { token, count } : null;
    }
  } catch {
    if (unreadCount.peek()?.token === token) unreadCount.value = null;
  }
}
