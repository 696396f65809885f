import { Menu } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import {
  delAllVisitedViews,
  delOthersVisitedViews,
  delVisitedView,
  fullPathOf,
  refreshVisitedView,
  visitedViews,
  visitedViewsStored,
  type VisitedView,
} from '../../tags-view/state.ts';
import classes from './ManageLayout.module.css';
import { HOME_PATH } from './menu-model.ts';
import { useMenuTitle } from './menu-title.ts';

interface ContextMenuState {
  view: VisitedView;
  x: number;
  y: number;
}

/** Visited-view tabs with refresh / close / close others / close all (spec §2, §4). */
export function TagsView({ activePath }: { activePath: string }) {
  useSignals();
  const t = useT();
  const title = useMenuTitle();
  const [, navigate] = useLocation();
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  // Each right-click mounts a fresh menu: re-opening one while its closing transition still runs could
  // leave the dropdown hidden.
  const [menuOpenings, setMenuOpenings] = useState(0);
  const views = visitedViews.value;
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    barRef.current
      ?.querySelector<HTMLElement>('[data-active="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, views.length]);

  /** After closing the current tab, open the last remaining one (or home). */
  const toLastView = (remaining: VisitedView[]) => {
    const last = remaining[remaining.length - 1];
    navigate(last ? fullPathOf(last) : HOME_PATH);
  };

  // The page is built anew in place; the other tabs' kept pages stay (a trip through /redirect would drop them).
  const refresh = (view: VisitedView) => {
    refreshVisitedView(view.path);
    navigate(fullPathOf(view), { replace: true });
  };

  const close = (view: VisitedView) => {
    if (view.meta.affix) return;
    delVisitedView(view.path);
    if (view.path === activePath) toLastView(visitedViews.value);
  };

  const closeOthers = (view: VisitedView) => {
    delOthersVisitedViews(view.path);
    if (view.path !== activePath) navigate(fullPathOf(view));
  };

  const closeAll = () => {
    delAllVisitedViews();
    if (!visitedViews.value.some((v) => v.path === activePath)) toLastView(visitedViews.value);
  };

  const openMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    setMenu({ view, x: event.clientX, y: event.clientY });
    setMenuOpenings((n) => n + 1);
  };

  return (
    <>
      <div
        ref={barRef}
        className={classes.tags}
        role="tablist"
        aria-label={t('manage.tags.label')}
        data-testid="tags-view"
        data-saved={visitedViewsStored.value}
      >
        {views.map((view) => {
          const active = view.path === activePath;
          const label = title(view.name, view.meta.title);
          return (
            <Link
              key={view.path}
              href={fullPathOf(view)}
              role="tab"
              aria-selected={active}
              className={`${classes.tag} ${active ? classes.tagActive : ''}`}
              data-active={active ? 'true' : undefined}
              data-testid="tag"
              data-path={view.path}
              onContextMenu={(event: MouseEvent) => openMenu(event, view)}
              onAuxClick={(event: MouseEvent) => {
                // Middle click closes, as in browsers.
                if (event.button === 1) {
                  event.preventDefault();
                  close(view);
                }
              }}
            >
              <span>{label}</span>
              {!view.meta.affix && (
                <span
                  role="button"
                  tabIndex={-1}
                  aria-label={`${t('manage.tags.close')} ${label}`}
                  className={classes.tagClose}
                  data-testid="tag-close"
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    close(view);
                  }}
                >
                  <IconX size={10} />
                </span>
              )}
            </Link>
          );
        })}
      </div>
      <Menu
        key={menuOpenings}
        opened={menu !== null}
        onChange={(opened) => {
          if (!opened) setMenu(null);
        }}
        position="bottom-start"
        offset={2}
        withinPortal
      >
        <Menu.Target>
          <div
            aria-hidden
            style={{
              position: 'fixed',
              left: menu?.x ?? 0,
              top: menu?.y ?? 0,
              width: 0,
              height: 0,
              pointerEvents: 'none',
            }}
          />
        </Menu.Target>
        <Menu.Dropdown data-testid="tag-context-menu">
          {menu && (
            <>
              <Menu.Item
                leftSection={<IconRefresh size={14} />}
                onClick={() => refresh(menu.view)}
                data-testid="tag-menu-refresh"
              >
                {t('manage.tags.refresh')}
              </Menu.Item>
              {!menu.view.meta.affix && (
                <Menu.Item
                  leftSection={<IconX size={14} />}
                  onClick={() => close(menu.view)}
                  data-testid="tag-menu-close"
                >
                  {t('manage.tags.close')}
                </Menu.Item>
              )}
              <Menu.Item onClick={() => closeOthers(menu.view)} data-testid="tag-menu-close-others">
                {t('manage.tags.closeOthers')}
              </Menu.Item>
              <Menu.Item onClick={closeAll} data-testid="tag-menu-close-all">
                {t('manage.tags.closeAll')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
