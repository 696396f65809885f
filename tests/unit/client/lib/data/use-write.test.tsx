// The one write hook: running while the write is out, the answer handed back, the reads it makes out of
// date asked again only after the server accepted it, and a refusal handed to the caller (a form maps a
// 422's fields) without asking any read again.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { useRead } from '../../../../../src/client/lib/data/use-read.ts';
import { useWrite } from '../../../../../src/client/lib/data/use-write.ts';

afterEach(cleanup);

describe('useWrite', () => {
  it('runs, answers, and asks the reads under its keys again', async () => {
    const list = vi.fn(async () => ['plan']);
    renderHook(() => useRead({ key: 'plans:1:20', fetch: list }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));

    let release: (id: number) => void = () => undefined;
    const send = vi.fn((_title: string) => new Promise<number>((resolve) => (release = resolve)));
    const onDone = vi.fn();
    const { result } = renderHook(() => useWrite(send, { invalidates: ['plans'], onDone }));
    expect(result.current.running).toBe(false);

    let answer: Promise<number> = Promise.resolve(0);
    act(() => {
      answer = result.current.run('电工');
    });
    expect(result.current.running).toBe(true);
    expect(list).toHaveBeenCalledTimes(1);
    await act(async () => release(42));
    await expect(answer).resolves.toBe(42);
    expect(send).toHaveBeenCalledWith('电工');
    expect(onDone).toHaveBeenCalledWith(42, '电工');
    expect(result.current).toMatchObject({ running: false, error: null });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('chooses the keys from the answer', async () => {
    const detail = vi.fn(async () => 'plan 9');
    renderHook(() => useRead({ key: 'plan:9', fetch: detail }));
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(1));
    const { result } = renderHook(() =>
      useWrite(async (id: number) => ({ id }), { invalidates: (saved) => [`plan:${saved.id}`] }),
    );
    await act(() => result.current.run(9));
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(2));
  });

  it('hands a refusal to the caller, keeps it, and asks no read again', async () => {
    const list = vi.fn(async () => []);
    renderHook(() => useRead({ key: 'rooms', fetch: list }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    const refusal = new ApiError(422, '名称不能为空', { message: '名称不能为空', errors: { name: ['必填'] } });
    const { result } = renderHook(() =>
      useWrite(() => Promise.reject(refusal), { invalidates: ['rooms'] }),
    );
    await act(async () => {
      await expect(result.current.run()).rejects.toBe(refusal);
    });
    expect(result.current).toMatchObject({ running: false, error: refusal });
    expect(list).toHaveBeenCalledTimes(1);
  });
});
