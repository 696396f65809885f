// The kit's data adapter loads a page for each query, drops an answer overtaken by a newer query, keeps a
// failure's reason for the error state, and loads again on reload.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidate } from '../../../../../src/client/lib/data/invalidate.ts';
import { useListData } from '../../../../../src/client/lib/kit/list-data.ts';
import type { ListResponse } from '../../../../../src/shared/api/errors.ts';

afterEach(cleanup);

const answer = (names: string[]): ListResponse<string> => ({
  data: names,
  meta: { total: names.length, page: 1, limit: 20 },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useListData', () => {
  it('shows the answer of the latest query only', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<ListResponse<string>>>>();
    const fetchPage = (query: { keyword: string }) => {
      const next = deferred<ListResponse<string>>();
      pending.set(query.keyword, next);
      return next.promise;
    };
    const { result, rerender } = renderHook(({ keyword }) => useListData(fetchPage, { keyword }), {
      initialProps: { keyword: '张' },
    });
    expect(result.current.loading).toBe(true);
    rerender({ keyword: '张三' });
    await act(async () => pending.get('张三')!.resolve(answer(['张三'])));
    await act(async () => pending.get('张')!.resolve(answer(['张一', '张二'])));
    expect(result.current).toMatchObject({ rows: ['张三'], total: 1, loading: false, error: null });
  });

  it('keeps the reason of a failure, and a reload loads again', async () => {
    let calls = 0;
    const fetchPage = async () => {
      calls += 1;
      if (calls === 1) throw new Error('网络不可用');
      return answer(['甲']);
    };
    const { result } = renderHook(() => useListData(fetchPage, { page: 1 }));
    await waitFor(() => expect(result.current.error).toBe('网络不可用'));
    expect(result.current.loading).toBe(false);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.rows).toEqual(['甲']));
    expect(result.current.error).toBeNull();
  });

  it('keeps the rows on screen while the next page loads, and a write elsewhere reloads it by its name', async () => {
    const pending: ReturnType<typeof deferred<ListResponse<string>>>[] = [];
    const fetchPage = () => {
      const next = deferred<ListResponse<string>>();
      pending.push(next);
      return next.promise;
    };
    const { result, rerender } = renderHook(({ page }) => useListData(fetchPage, { page }, 'rooms'), {
      initialProps: { page: 1 },
    });
    await act(async () => pending[0]!.resolve(answer(['一号'])));
    rerender({ page: 2 });
    expect(result.current).toMatchObject({ rows: ['一号'], loading: true });
    await act(async () => pending[1]!.resolve(answer(['二号'])));
    expect(result.current).toMatchObject({ rows: ['二号'], loading: false });
    act(() => void invalidate('rooms'));
    expect(pending).toHaveLength(3);
    await act(async () => pending[2]!.resolve(answer(['二号', '三号'])));
    expect(result.current.rows).toEqual(['二号', '三号']);
  });

  it('gives the same empty rows from render to render while nothing has come (a row selection keeps them)', () => {
    const { result, rerender } = renderHook(() =>
      useListData(() => new Promise<ListResponse<string>>(() => {}), { page: 1 }),
    );
    const first = result.current.rows;
    rerender();
    expect(result.current.rows).toBe(first);
  });

  it('does not load again for an equal query object', async () => {
    let calls = 0;
    const fetchPage = async () => {
      calls += 1;
      return answer([]);
    };
    const { rerender, result } = renderHook(() => useListData(fetchPage, { page: 1, filters: { a: '' } }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    rerender();
    rerender();
    expect(calls).toBe(1);
  });
});
