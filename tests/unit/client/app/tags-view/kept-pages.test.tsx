// Keep-alive of back-office pages (spec §4 cached views): a page whose tab stays open keeps its state and
// input when another tab is chosen, a noCache page is rebuilt, a tab's refresh rebuilds its page, a closed
// tab's page goes; a hidden page is not in the document.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptPages } from '../../../../../src/client/app/tags-view/KeptPages.tsx';
import {
  keptPagesAfter,
  type KeptPages as Kept,
} from '../../../../../src/client/app/tags-view/keep-alive.ts';
import {
  refreshVisitedView,
  viewGenerations,
  visitedViews,
  type VisitedView,
} from '../../../../../src/client/app/tags-view/state.ts';

const view = (path: string, noCache = false): VisitedView => ({
  path,
  query: '',
  name: path,
  meta: { title: path, affix: false, noCache },
});

const mounts: string[] = [];
const effects: string[] = [];

function Page({ name }: { name: string }) {
  const [page, setPage] = useState(1);
  useEffect(() => {
    mounts.push(name);
  }, [name]);
  useEffect(() => {
    effects.push(`${name}:on`);
    return () => {
      effects.push(`${name}:off`);
    };
  }, [name]);
  return (
    <div data-testid={`page-${name}`}>
      <input data-testid="keyword" aria-label={name} />
      <button data-testid="next-page" onClick={() => setPage((p) => p + 1)}>
        {name} page {page}
      </button>
    </div>
  );
}

const pages: Record<string, ReactElement> = {
  '/manage/a': <Page name="a" />,
  '/manage/b': <Page name="b" />,
  '/manage/log': <Page name="log" />,
};
const noCachePaths = new Set(['/manage/log']);

function Layout({ path, keepAlive = true }: { path: string | null; keepAlive?: boolean }) {
  const active = path ? { path, node: pages[path], noCache: noCachePaths.has(path) } : null;
  return (
    <main>
      <KeptPages active={active} keepAlive={keepAlive}>
        <p data-testid="not-found">404</p>
      </KeptPages>
    </main>
  );
}

beforeEach(() => {
  mounts.length = 0;
  effects.length = 0;
  viewGenerations.value = new Map();
  visitedViews.value = [view('/manage/a'), view('/manage/b'), view('/manage/log', true)];
});
afterEach(() => cleanup());

describe('kept pages', () => {
  it('keeps a page’s state and unsaved input while another tab shows, and only the showing page is in the document', () => {
    const { rerender } = render(<Layout path="/manage/a" />);
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: '焊工' } });
    fireEvent.click(screen.getByTestId('next-page'));
    expect(screen.getByTestId('next-page').textContent).toBe('a page 2');

    rerender(<Layout path="/manage/b" />);
    expect(screen.queryByTestId('page-a')).toBeNull();
    expect(screen.getAllByTestId('keyword')).toHaveLength(1);
    expect(screen.getByTestId('next-page').textContent).toBe('b page 1');
    // The hidden page's effects are stopped (no fetches or timers behind another tab).
    expect(effects).toEqual(['a:on', 'a:off', 'b:on']);

    rerender(<Layout path="/manage/a" />);
    expect(screen.getByTestId('next-page').textContent).toBe('a page 2');
    expect((screen.getByTestId('keyword') as HTMLInputElement).value).toBe('焊工');
    expect(mounts).toEqual(['a', 'b', 'a']);
    expect(effects.at(-1)).toBe('a:on');
  });

  it('rebuilds a noCache page each time it is opened', () => {
    const { rerender } = render(<Layout path="/manage/log" />);
    fireEvent.click(screen.getByTestId('next-page'));
    expect(screen.getByTestId('next-page').textContent).toBe('log page 2');
    rerender(<Layout path="/manage/a" />);
    rerender(<Layout path="/manage/log" />);
    expect(screen.getByTestId('next-page').textContent).toBe('log page 1');
  });

  it('rebuilds a page when its tab is refreshed, leaving the other kept pages as they are', () => {
    const { rerender } = render(<Layout path="/manage/a" />);
    fireEvent.click(screen.getByTestId('next-page'));
    rerender(<Layout path="/manage/b" />);
    fireEvent.click(screen.getByTestId('next-page'));
    act(() => refreshVisitedView('/manage/b'));
    expect(screen.getByTestId('next-page').textContent).toBe('b page 1');
    rerender(<Layout path="/manage/a" />);
    expect(screen.getByTestId('next-page').textContent).toBe('a page 2');
  });

  it('drops the page of a closed tab, and keeps nothing when the tabs are switched off', () => {
    const { rerender } = render(<Layout path="/manage/a" />);
    fireEvent.click(screen.getByTestId('next-page'));
    rerender(<Layout path="/manage/b" />);
    act(() => {
      visitedViews.value = [view('/manage/b')];
    });
    rerender(<Layout path="/manage/a" />);
    expect(screen.getByTestId('next-page').textContent).toBe('a page 1');

    cleanup();
    const off = render(<Layout path="/manage/a" keepAlive={false} />);
    fireEvent.click(screen.getByTestId('next-page'));
    off.rerender(<Layout path="/manage/b" keepAlive={false} />);
    off.rerender(<Layout path="/manage/a" keepAlive={false} />);
    expect(screen.getByTestId('next-page').textContent).toBe('a page 1');
  });

  it('shows a status page in place of the kept ones and brings them back after', () => {
    const { rerender } = render(<Layout path="/manage/a" />);
    fireEvent.click(screen.getByTestId('next-page'));
    rerender(<Layout path={null} />);
    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('page-a')).toBeNull();
    rerender(<Layout path="/manage/a" />);
    expect(screen.getByTestId('next-page').textContent).toBe('a page 2');
  });

  it('puts a page back where it was scrolled to', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { rerender } = render(<Layout path="/manage/a" />);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    fireEvent.scroll(window);
    rerender(<Layout path="/manage/b" />);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    fireEvent.scroll(window);
    rerender(<Layout path="/manage/a" />);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 640, behavior: 'instant' });
    scrollTo.mockRestore();
  });
});

describe('keptPagesAfter', () => {
  const node = (name: string) => <Page name={name} />;
  it('keeps open cacheable pages, drops closed and noCache ones, and answers the same map when nothing changed', () => {
    const a = node('a');
    let kept: Kept = keptPagesAfter(new Map(), { path: '/a', node: a, noCache: false }, new Set(['/a']));
    expect([...kept.keys()]).toEqual(['/a']);
    expect(keptPagesAfter(kept, { path: '/a', node: a, noCache: false }, new Set(['/a']))).toBe(kept);
    kept = keptPagesAfter(kept, { path: '/log', node: node('log'), noCache: true }, new Set(['/a', '/log']));
    expect([...kept.keys()]).toEqual(['/a', '/log']);
    kept = keptPagesAfter(
      kept,
      { path: '/b', node: node('b'), noCache: false },
      new Set(['/a', '/b', '/log']),
    );
    expect([...kept.keys()]).toEqual(['/a', '/b']);
    kept = keptPagesAfter(kept, { path: '/b', node: node('b'), noCache: false }, new Set(['/b']));
    expect([...kept.keys()]).toEqual(['/b']);
  });
});
