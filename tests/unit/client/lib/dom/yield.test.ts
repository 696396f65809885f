import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from '../../../../../src/client/lib/dom/yield.ts';

describe('yieldToBrowser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses scheduler.yield() where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToBrowser();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('waits for a zero-delay timeout elsewhere', async () => {
    vi.stubGlobal('scheduler', undefined);
    let later = false;
    setTimeout(() => (later = true), 0);
    await yieldToBrowser();
    expect(later).toBe(true);
  });
});
