// Keep-alive of back-office pages (spec §4 cached views). Each kept page renders inside React's <Activity>:
// hidden, its effects (fetches, timers, subscriptions) stop but its state stays. Its DOM lives in its own
// container, attached to the content area only while it shows, so a hidden page's copies of the shared test
// ids and labels are not in the document. The window's scroll position is kept per page.
import { useSignals } from '@preact/signals-react/runtime';
import { Activity, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { keptPageKey, keptPagesAfter, type ActivePage, type KeptPages as Kept } from './keep-alive.ts';
import { generationOf, visitedViews } from './state.ts';

interface KeptPagesProps {
  /** The page at the current location, or null (a 401 / 404 / redirect, shown as `children`). */
  active: ActivePage | null;
  /** Off: only the current page is rendered (no tabs to bring a kept one back). */
  keepAlive: boolean;
  children: ReactNode;
}

/** Attaches a kept page's container while the page shows; placed before the page, so this runs first. */
function Attach({
  host,
  slot,
  scrollTop,
}: {
  host: HTMLElement;
  slot: RefObject<HTMLDivElement | null>;
  scrollTop: () => number | undefined;
}) {
  useLayoutEffect(() => {
    slot.current?.appendChild(host);
    const top = scrollTop();
    if (top !== undefined) window.scrollTo({ top, behavior: 'instant' });
    return () => host.remove();
  }, [host, slot, scrollTop]);
  return null;
}

function KeptPage({
  visible,
  slot,
  scrollTop,
  children,
}: {
  visible: boolean;
  slot: RefObject<HTMLDivElement | null>;
  scrollTop: () => number | undefined;
  children: ReactNode;
}) {
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.dataset.keptPage = '';
    return element;
  });
  return (
    <Activity mode={visible ? 'visible' : 'hidden'}>
      <Attach host={host} slot={slot} scrollTop={scrollTop} />
      {createPortal(children, host)}
    </Activity>
  );
}

export function KeptPages({ active, keepAlive, children }: KeptPagesProps) {
  useSignals();
  const slot = useRef<HTMLDivElement>(null);
  const openPaths = new Set(keepAlive ? visitedViews.value.map((view) => view.path) : []);
  const [kept, setKept] = useState<Kept>(new Map());
  const next = keptPagesAfter(kept, active, openPaths);
  // Derived from the props during render (React's pattern for state that follows props).
  if (next !== kept) setKept(next);

  // Where each page was scrolled to, recorded as the user scrolls the page that shows.
  const scrolls = useRef(new Map<string, number>());
  const activePath = useRef<string | null>(null);
  useLayoutEffect(() => {
    activePath.current = active?.path ?? null;
  });
  useLayoutEffect(() => {
    const record = () => {
      if (activePath.current) scrolls.current.set(activePath.current, window.scrollY);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);
  const scrollTops = useRef(new Map<string, () => number | undefined>());
  const scrollTopOf = (path: string) => {
    let read = scrollTops.current.get(path);
    if (!read) {
      read = () => scrolls.current.get(path);
      scrollTops.current.set(path, read);
    }
    return read;
  };

  return (
    <>
      <div ref={slot} data-testid="kept-pages" />
      {[...next].map(([path, page]) => (
        <KeptPage
          key={keptPageKey(path, generationOf(path))}
          visible={path === active?.path}
          slot={slot}
          scrollTop={scrollTopOf(path)}
        >
          {page.node}
        </KeptPage>
      ))}
      {active === null && children}
    </>
  );
}
