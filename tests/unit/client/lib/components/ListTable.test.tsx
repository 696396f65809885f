import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyPager } from '../../../../../src/client/lib/components/LazyPager.tsx';
import { ListTable, Pager, usePagedList } from '../../../../../src/client/lib/components/ListTable.tsx';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { PAGINATION } from '../../../../../src/shared/api/constants.ts';
import type { ListResponse } from '../../../../../src/shared/api/errors.ts';

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

interface Row {
  id: number;
  name: string;
}

const columns = [
  { key: 'id', title: 'ID' },
  { key: 'name', title: '名称' },
];

describe('ListTable (spec §9 pagination)', () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('spec constants: page 1, limit 20, sizes 10/20/30/50, layout, 800 ms', () => {
    expect(PAGINATION.page).toBe(1);
    expect(PAGINATION.limit).toBe(20);
    expect(PAGINATION.pageSizes).toEqual([10, 20, 30, 50]);
    expect(PAGINATION.layout).toEqual(['total', 'sizes', 'prev', 'pager', 'next', 'jumper']);
    expect(PAGINATION.scrollToTopMs).toBe(800);
  });

  it('shows rows, the total and the page sizes', () => {
    const rows: Row[] = [
      { id: 1, name: '甲' },
      { id: 2, name: '乙' },
    ];
    renderUi(
      <ListTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        total={45}
        page={1}
        limit={20}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('甲')).toBeTruthy();
    expect(screen.getByTestId('pager-total').textContent).toBe('共 45 条');
    expect((screen.getByTestId('pager-sizes') as HTMLInputElement).value).toBe('20 条/页');
  });

  it('shows the empty state', () => {
    renderUi(
      <ListTable
        columns={columns}
        rows={[]}
        rowKey={(r: Row) => r.id}
        total={0}
        page={1}
        limit={20}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByTestId('list-empty').textContent).toBe('暂无数据');
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('shows the error state with a retry', () => {
    const retry = vi.fn();
    renderUi(
      <ListTable
        columns={columns}
        rows={[]}
        rowKey={(r: Row) => r.id}
        total={0}
        page={1}
        limit={20}
        onPageChange={() => {}}
        error="网络不可用"
        onRetry={retry}
      />,
    );
    expect(screen.getByTestId('list-error').textContent).toContain('网络不可用');
    fireEvent.click(screen.getByText('重试'));
    expect(retry).toHaveBeenCalled();
  });

  it('changing the page reports it and scrolls back to the top', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onChange = vi.fn();
    renderUi(<Pager total={95} page={1} limit={20} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenCalledWith(2, 20);
    await waitFor(() => expect(scroll).toHaveBeenCalled());
  });

  it('the jumper goes to a page, clamped to the last one', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onChange = vi.fn();
    renderUi(<Pager total={95} page={1} limit={20} onChange={onChange} />);
    const jumper = screen.getByTestId('pager-jumper');
    fireEvent.change(jumper, { target: { value: '9' } });
    fireEvent.keyDown(jumper, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(5, 20);
  });

  it('the learner pages’ lazy pager holds its place, then works as the pager', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onChange = vi.fn();
    renderUi(<LazyPager total={95} page={1} limit={20} onChange={onChange} />);
    expect(screen.getByTestId('pager-loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pager-total').textContent).toContain('95'));
    expect(screen.queryByTestId('pager-loading')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenCalledWith(3, 20);
  });
});

describe('usePagedList', () => {
  afterEach(cleanup);

  function Harness({
    fetchPage,
    filter,
  }: {
    fetchPage: (q: { page: number; limit: number }) => Promise<ListResponse<Row>>;
    filter: string;
  }) {
    const list = usePagedList(fetchPage, [filter]);
    return (
      <div>
        <span data-testid="state">
          {list.loading
            ? 'loading'
            : (list.error ?? `${list.page}/${list.limit}/${list.total}/${list.rows.length}`)}
        </span>
        <button onClick={() => list.setPage(3)}>p3</button>
      </div>
    );
  }

  it('renders once while loading and once with the answer (no second render on mounting)', async () => {
    let renders = 0;
    function Counting() {
      renders += 1;
      const list = usePagedList(async () => ({
        data: [{ id: 1, name: 'x' }],
        meta: { total: 1, page: 1, limit: 20 },
      }));
      return <span data-testid="counted">{list.loading ? 'loading' : list.rows.length}</span>;
    }
    renderUi(<Counting />);
    await waitFor(() => expect(screen.getByTestId('counted').textContent).toBe('1'));
    expect(renders).toBe(2);
  });

  it('loads page 1 with limit 20, follows page changes and returns to page 1 when a filter changes', async () => {
    const fetchPage = vi.fn(async ({ page, limit }: { page: number; limit: number }) => ({
      data: [{ id: page, name: 'x' }],
      meta: { total: 60, page, limit },
    }));
    const view = renderUi(<Harness fetchPage={fetchPage} filter="a" />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('1/20/60/1'));
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
    await act(async () => fireEvent.click(screen.getByText('p3')));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('3/20/60/1'));
    view.rerender(
      <MantineProvider>
        <Harness fetchPage={fetchPage} filter="b" />
      </MantineProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('1/20/60/1'));
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
  });

  it('reports a failed load', async () => {
    const fetchPage = vi.fn(async () => Promise.reject(new Error('网络不可用')));
    renderUi(<Harness fetchPage={fetchPage} filter="a" />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('网络不可用'));
  });
});
