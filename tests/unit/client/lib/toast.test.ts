// Every save confirms alike: the success toast is green, marked for the browser tests, and closes by itself
// after the spec's 2000 ms (spec §9).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show, hide: vi.fn() } }));

const { toastSuccess } = await import('../../../../src/client/lib/toast.ts');

beforeEach(() => show.mockClear());

describe('toastSuccess', () => {
  it('shows the message as a green toast that closes after 2000 ms', () => {
    toastSuccess('已保存');
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith({
      color: 'green',
      message: '已保存',
      autoClose: 2000,
      'data-testid': 'toast-success',
    });
  });
});
