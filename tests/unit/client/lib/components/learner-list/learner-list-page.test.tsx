import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LearnerListPage,
  type LearnerListPageProps,
  type LearnerListQuery,
} from '../../../../../../src/client/lib/components/learner-list/learner-list-page.tsx';
import {
  FIRST_PAGE,
  useListPaging,
} from '../../../../../../src/client/lib/components/learner-list/use-list-paging.ts';
import { online } from '../../../../../../src/client/lib/offline/network.ts';
import { setLanguage } from '../../../../../../src/client/lib/state/preferences.ts';
import type { ListResponse } from '../../../../../../src/shared/api/errors.ts';

interface Ticket {
  id: number;
  title: string;
}

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

const answer = (rows: Ticket[], total = rows.length): ListResponse<Ticket> => ({
  data: rows,
  meta: { total, page: 1, limit: 20 } as ListResponse<Ticket>['meta'],
});

function renderList(
  query: Partial<LearnerListQuery<Ticket>>,
  props: Partial<LearnerListPageProps<Ticket>> = {},
) {
  const full: LearnerListQuery<Ticket> = { data: undefined, refreshing: false, refresh: vi.fn(), ...query };
  renderUi(
    <LearnerListPage<Ticket>
      title="准考证打印"
      testId="tickets-page"
      errorTestId="tickets-error"
      query={full}
      paging={FIRST_PAGE}
      onPageChange={() => {}}
      empty={{ text: '暂无准考证', testId: 'tickets-empty' }}
      {...props}
    >
      {(rows) => (
        <ul data-testid="rows">
          {rows.map((row) => (
            <li key={row.id}>{row.title}</li>
          ))}
        </ul>
      )}
    </LearnerListPage>,
  );
  return full;
}

describe('LearnerListPage', () => {
  beforeEach(() => {
    setLanguage('zh');
    online.value = true;
  });
  afterEach(() => {
    cleanup();
    online.value = true;
  });

  it('shows the title and a loader while the first answer is on its way', () => {
    renderList({ refreshing: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('准考证打印');
    expect(screen.getByTestId('learner-list-loading')).toBeTruthy();
    expect(screen.queryByTestId('tickets-error')).toBeNull();
    expect(screen.queryByTestId('rows')).toBeNull();
  });

  it('offers a retry when nothing could be shown', () => {
    const query = renderList({ refreshing: false });
    const error = screen.getByTestId('tickets-error');
    expect(error.textContent).toContain('加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(query.refresh).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state of an empty list, with its action', () => {
    renderList(
      { data: answer([]) },
      {
        empty: {
          text: '暂无报名',
          testId: 'tickets-empty',
          action: <button type="button">去报名</button>,
        },
      },
    );
    expect(screen.getByTestId('tickets-empty').textContent).toContain('暂无报名');
    expect(screen.getByRole('button', { name: '去报名' })).toBeTruthy();
    expect(screen.queryByTestId('rows')).toBeNull();
  });

  it('leaves an empty list to its own component when the page gives no empty state', () => {
    renderList({ data: answer([]) }, { empty: undefined });
    expect(screen.getByTestId('rows').children).toHaveLength(0);
  });

  it('renders the rows through the page, with no pager for a list that fits one page', () => {
    renderList({
      data: answer([
        { id: 1, title: '甲' },
        { id: 2, title: '乙' },
      ]),
    });
    expect(screen.getByTestId('rows').textContent).toBe('甲乙');
    expect(screen.queryByTestId('pager')).toBeNull();
    expect(screen.queryByTestId('pager-loading')).toBeNull();
  });

  it('pages a list longer than one page with the spec’s pager', async () => {
    const onPageChange = vi.fn();
    renderList({ data: answer([{ id: 1, title: '甲' }], 45) }, { onPageChange });
    expect((await screen.findByTestId('pager-total')).textContent).toBe('共 45 条');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onPageChange).toHaveBeenCalledWith(2, 20);
  });

  it('leaves paging to a list that pages itself', () => {
    renderList({ data: answer([{ id: 1, title: '甲' }], 45) }, { pager: false });
    expect(screen.queryByTestId('pager')).toBeNull();
    expect(screen.queryByTestId('pager-loading')).toBeNull();
  });

  it('marks a stored copy with the time it was fetched, and fresh data not at all', () => {
    const fetchedAt = Date.now() - 60_000;
    renderList({ data: answer([{ id: 1, title: '甲' }]), fetchedAt, stale: true, offline: true });
    const badge = screen.getByTestId('stale-badge');
    expect(badge.getAttribute('data-state')).toBe('offline');
    expect(badge.getAttribute('data-fetched-at')).toBe(String(fetchedAt));
    expect(badge.textContent).toContain('离线数据');
    cleanup();
    renderList({ data: answer([{ id: 1, title: '甲' }]), fetchedAt, stale: false, offline: false });
    expect(screen.queryByTestId('stale-badge')).toBeNull();
  });

  it('keeps the page’s controls beside the title and its notices above the list', () => {
    renderList(
      { data: answer([{ id: 1, title: '甲' }]) },
      {
        actions: <button type="button">全部已读</button>,
        notices: <p data-testid="paid-notice">已支付</p>,
      },
    );
    const page = screen.getByTestId('tickets-page');
    const order = [...page.querySelectorAll('h1, button, [data-testid]')].map(
      (el) => el.getAttribute('data-testid') ?? el.textContent,
    );
    expect(order).toEqual(['准考证打印', '全部已读', 'paid-notice', 'rows']);
  });
});

describe('useListPaging', () => {
  it('starts at the spec’s first page, follows the pager and goes back to page 1 at the same size', () => {
    const { result } = renderHook(() => useListPaging());
    expect(result.current.paging).toEqual({ page: 1, limit: 20 });
    act(() => result.current.onPageChange(3, 50));
    expect(result.current.paging).toEqual({ page: 3, limit: 50 });
    act(() => result.current.toFirstPage());
    expect(result.current.paging).toEqual({ page: 1, limit: 50 });
  });
});
