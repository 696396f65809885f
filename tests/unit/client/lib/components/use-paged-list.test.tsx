// The learner pages' paged list, read through the one read hook: page 1 of 20 first, a page turned or a
// filter changed asks for exactly that page, the answer given with the page is shown without asking, a
// reload asks again, and an answer for a page no longer shown is dropped. Offline (the request fails) the
// rows already shown stay with the failure beside them, and a retry once back online replaces them.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../../../src/client/lib/api/errors.ts';
import { usePagedList } from '../../../../../src/client/lib/components/use-paged-list.ts';
import type { ListResponse } from '../../../../../src/shared/api/errors.ts';

afterEach(cleanup);

interface Row {
  id: number;
}

type Paging = { page: number; limit: number };

const pageOf = ({ page, limit }: Paging, total = 60): ListResponse<Row> => ({
  data: [{ id: page * 100 + limit }],
  meta: { total, page, limit },
});

describe('usePagedList', () => {
  it('asks for page 1 of 20, then for each page turned and each page size chosen', async () => {
    const fetchPage = vi.fn(async (query: Paging) => pageOf(query));
    const { result } = renderHook(() => usePagedList(fetchPage));
    expect(result.current).toMatchObject({ page: 1, limit: 20, loading: true, rows: [], total: 0 });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 120 }]));
    expect(result.current).toMatchObject({ total: 60, loading: false, error: null });

    act(() => result.current.setPage(2));
    // The rows shown stay under the loading overlay until the next page answers.
    expect(result.current).toMatchObject({ page: 2, loading: true, rows: [{ id: 120 }] });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 220 }]));

    act(() => result.current.setPage(1, 50));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 150 }]));
    expect(fetchPage.mock.calls.map(([query]) => query)).toEqual([
      { page: 1, limit: 20 },
      { page: 2, limit: 20 },
      { page: 1, limit: 50 },
    ]);
  });

  it('a changed filter asks for page 1 only, never the page it left with the new filter', async () => {
    const fetchPage = vi.fn(async (query: Paging) => pageOf(query));
    const { result, rerender } = renderHook(({ keyword }) => usePagedList(fetchPage, [keyword]), {
      initialProps: { keyword: '' },
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 320 }]));
    fetchPage.mockClear();

    rerender({ keyword: '电工' });
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 120 }]));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, limit: 20 });
  });

  it('reload asks the same page again and shows the new answer', async () => {
    let total = 60;
    const fetchPage = vi.fn(async (query: Paging) => pageOf(query, total));
    const { result } = renderHook(() => usePagedList(fetchPage));
    await waitFor(() => expect(result.current.total).toBe(60));
    total = 61;
    act(() => result.current.reload());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.total).toBe(61));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20 });
  });

  it('shows the answer sent with the page without asking; the next page is asked for', async () => {
    const fetchPage = vi.fn(async (query: Paging) => pageOf(query));
    const given = { data: [{ id: 1 }], meta: { total: 40, page: 1, limit: 20 } };
    const { result } = renderHook(() => usePagedList(fetchPage, [], () => given));
    expect(result.current).toMatchObject({ rows: [{ id: 1 }], total: 40, loading: false });
    await act(async () => undefined);
    expect(fetchPage).not.toHaveBeenCalled();
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 220 }]));
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('drops the answer of a page it has left', async () => {
    let release: (answer: ListResponse<Row>) => void = () => undefined;
    const fetchPage = vi.fn((query: Paging) =>
      query.page === 1
        ? new Promise<ListResponse<Row>>((resolve) => (release = resolve))
        : Promise.resolve(pageOf(query)),
    );
    const { result } = renderHook(() => usePagedList(fetchPage));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 220 }]));
    await act(async () => release(pageOf({ page: 1, limit: 20 })));
    expect(result.current).toMatchObject({ page: 2, rows: [{ id: 220 }], loading: false });
  });

  it('offline: keeps the rows shown with the failure; a retry back online clears it and loads', async () => {
    let online = true;
    const fetchPage = vi.fn(async (query: Paging) => {
      if (!online) throw new NetworkError('网络不可用，请检查网络连接');
      return pageOf(query);
    });
    const { result } = renderHook(() => usePagedList(fetchPage));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 120 }]));

    online = false;
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.error).toBe('网络不可用，请检查网络连接'));
    expect(result.current).toMatchObject({ page: 2, loading: false, rows: [{ id: 120 }] });

    online = true;
    act(() => result.current.reload());
    // Asked again: the failure is not shown while the retry runs.
    expect(result.current).toMatchObject({ loading: true, error: null });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 220 }]));
    expect(result.current.error).toBeNull();
  });
});
