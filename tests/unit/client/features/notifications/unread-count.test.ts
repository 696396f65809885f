// The header's unread count: the signed-in learner's own, asked again on demand, and never shown for
// another learner after a switch (a late answer for the last one is dropped).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  refreshUnreadCount,
  unreadCount,
  unreadCountFor,
} from '../../../../../src/client/features/notifications/unread-count.ts';
import { clientEffects } from '../../../../../src/client/lib/api/client.ts';
import { resetAllSessions, storeLogin } from '../../../../../src/client/lib/state/session.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));

/** Answers the count per token; `hold` keeps a token's answer until released. */
function server(counts: Record<string, number>, hold?: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '') ?? '';
      if (token === hold) await held;
      if (!(token in counts)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ count: counts[token] }), { status: 200 });
    }),
  );
  return { release };
}

describe('unread count', () => {
  beforeEach(() => {
    resetAllSessions();
    unreadCount.value = null;
    vi.spyOn(clientEffects, 'toast').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is the signed-in learner's, and follows a new answer", async () => {
    const counts = { 'token-a': 3 };
    server(counts);
    storeLogin('learners', { access_token: 'token-a' });
    await refreshUnreadCount();
    expect(unreadCountFor('token-a')).toBe(3);
    counts['token-a'] = 0;
    await refreshUnreadCount();
    expect(unreadCountFor('token-a')).toBe(0);
  });

  it('is unknown without a session, and when the call fails', async () => {
    server({});
    await refreshUnreadCount();
    expect(unreadCount.value).toBeNull();
    storeLogin('learners', { access_token: 'token-a' });
    await refreshUnreadCount();
    expect(unreadCountFor('token-a')).toBeNull();
  });

  it("never shows the last learner's count after a switch, even when that answer comes back late", async () => {
    const { release } = server({ 'token-a': 5, 'token-b': 1 }, 'token-a');
    storeLogin('learners', { access_token: 'token-a' });
    const late = refreshUnreadCount();
    storeLogin('learners', { access_token: 'token-b' });
    await refreshUnreadCount();
    expect(unreadCountFor('token-b')).toBe(1);
    release();
    await late;
    expect(unreadCountFor('token-b')).toBe(1);
    expect(unreadCountFor('token-a')).toBeNull();
  });
});
