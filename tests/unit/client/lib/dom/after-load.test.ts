import { describe, expect, it, vi } from 'vitest';
import { afterLoadAndIdle } from '../../../../../src/client/lib/dom/after-load.ts';

/** A window whose load event and idle callbacks the test fires by hand. */
function fakeWindow(readyState: DocumentReadyState, withIdle = true) {
  const target = new EventTarget();
  const idle: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: (fn: () => void) => idle.push(fn),
    clearTimeout: vi.fn(),
    ...(withIdle
      ? { requestIdleCallback: (fn: () => void) => idle.push(fn), cancelIdleCallback: vi.fn() }
      : {}),
  };
  return {
    win: win as unknown as Window,
    load: () => target.dispatchEvent(new Event('load')),
    idle: () => idle.splice(0).forEach((fn) => fn()),
  };
}

describe('afterLoadAndIdle', () => {
  it('waits for the load event and then for the browser to be idle', () => {
    const page = fakeWindow('interactive');
    const task = vi.fn();
    afterLoadAndIdle(task, page.win);
    page.idle();
    expect(task).not.toHaveBeenCalled();
    page.load();
    expect(task).not.toHaveBeenCalled();
    page.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('only waits for idle time when the page has already loaded, with a timeout where there is no idle callback', () => {
    for (const withIdle of [true, false]) {
      const page = fakeWindow('complete', withIdle);
      const task = vi.fn();
      afterLoadAndIdle(task, page.win);
      expect(task).not.toHaveBeenCalled();
      page.idle();
      expect(task).toHaveBeenCalledTimes(1);
    }
  });

  it('never runs the task once cancelled', () => {
    const page = fakeWindow('interactive');
    const task = vi.fn();
    const cancel = afterLoadAndIdle(task, page.win);
    page.load();
    cancel();
    page.idle();
    page.load();
    page.idle();
    expect(task).not.toHaveBeenCalled();
  });
});
