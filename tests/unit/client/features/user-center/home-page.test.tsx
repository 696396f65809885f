// The user centre's home: while the summary is on its way its place is held, when nothing came and
// nothing is stored it says so with a retry, and an answer shows the next exam and the counts.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerSummary } from '../../../../../src/client/features/user-center/api.ts';
import type * as UseRead from '../../../../../src/client/lib/data/use-read.ts';
import type { ReadState } from '../../../../../src/client/lib/data/use-read.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const refresh = vi.fn();
let state: Omit<ReadState<LearnerSummary>, 'refresh' | 'update' | 'loading'>;
vi.mock('../../../../../src/client/lib/data/use-read.ts', async (importOriginal) => {
  const original = await importOriginal<typeof UseRead>();
  return {
    ...original,
    // The summary's read as the test sets it; other reads (the avatar) as they are.
    useRead: (...args: Parameters<typeof original.useRead>) =>
      args[0]?.key === 'learner-summary'
        ? { ...state, loading: state.data === undefined && state.refreshing, refresh, update: vi.fn() }
        : original.useRead(...args),
  };
});

const { default: UserCenterHomePage } =
  await import('../../../../../src/client/features/user-center/pages/UserCenterHomePage.tsx');

/** The hook's own state before anything came. */
const { INITIAL_STATE: waiting } = await import('../../../../../src/client/lib/data/use-read.ts');
const renderPage = () =>
  render(
    <MantineProvider env="test">
      <UserCenterHomePage />
    </MantineProvider>,
  );

beforeEach(() => {
  setLanguage('zh');
  refresh.mockClear();
});
afterEach(cleanup);

describe('user centre home', () => {
  it('holds the summary’s place while it is on its way', () => {
    state = waiting;
    renderPage();
    expect(screen.getByTestId('summary-loading')).toBeTruthy();
    expect(screen.queryByTestId('summary-error')).toBeNull();
  });

  it('says it could not load, and asks again on retry, when nothing came and nothing is stored', () => {
    state = { ...waiting, refreshing: false, offline: true, error: new Error('offline') };
    renderPage();
    expect(screen.queryByTestId('summary-loading')).toBeNull();
    const error = screen.getByTestId('summary-error');
    expect(error.textContent).toContain('加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('shows the next exam in China time and the counts once the summary is there', () => {
    state = {
      ...waiting,
      refreshing: false,
      fetchedAt: Date.now(),
      data: {
        next_exam: {
          plan_id: 1,
          plan_title: '2026 年电工职业技能等级认定',
          enrollment_id: 7,
          session_name: '理论知识考试',
          kind: 'theory',
          starts_at: '2026-12-04T01:00:00.000Z',
        },
        unread_notifications: 3,
        enrollments_by_state: { approved: 2 },
        approved_awaiting_payment: 1,
        unpaid_orders: 0,
        missing_fields: [],
      } as unknown as LearnerSummary,
    };
    renderPage();
    expect(screen.queryByTestId('summary-loading')).toBeNull();
    expect(screen.queryByTestId('summary-error')).toBeNull();
    expect(screen.getByTestId('next-exam').textContent).toContain('2026-12-04 09:00');
    expect(screen.getByTestId('summary-unread').textContent).toContain('3');
  });
});
