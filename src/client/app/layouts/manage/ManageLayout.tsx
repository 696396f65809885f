// The back-office chrome (spec §2 "Back office" and "Layout extras"): system tabs, the sidebar of the
// current system, breadcrumb, visited-view tabs and the header tools. Menus come from the server's tree
// (menus/state.ts); the layout only reads it. Below 992 px the device is mobile: the sidebar closes
// without animation and opens as an overlay drawer.
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSettings,
} from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '../../../../shared/api/constants.ts';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import {
  closeSidebar,
  currentSystem,
  device,
  setDevice,
  settings,
  sidebarOpened,
  sidebarWithoutAnimation,
  toggleSidebar,
} from '../../../lib/state/preferences.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { errorLogs } from '../../../lib/state/error-log.ts';
import { findManageRoute } from '../../guards/run-guard.ts';
import { accessibleRoutes, menuOwner, menuTree } from '../../menus/state.ts';
import { KeptPages } from '../../tags-view/KeptPages.tsx';
import { addVisitedView, hydrateVisitedViews } from '../../tags-view/state.ts';
import { Breadcrumb } from './Breadcrumb.tsx';
import { FullscreenToggle } from './FullscreenToggle.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { headerTabs, loadHeaderTabs } from './header-tabs.ts';
import classes from './ManageLayout.module.css';
import { activeMenuLink, breadcrumbFor, fallbackTabs, matchRoute, sidebarFor } from './menu-model.ts';
import { useMenuTitle } from './menu-title.ts';
import { Sidebar } from './Sidebar.tsx';
import { SizeMenu } from './SizeMenu.tsx';
import { SystemTabs } from './SystemTabs.tsx';
import { TagsView } from './TagsView.tsx';
import { UserMenu } from './UserMenu.tsx';

// Loaded when needed, not with the first paint of the back office (issue 4): the settings drawer (colour
// input, switches) when first opened, the error log (dialog, table) once something was logged, the notice
// bell (popover, its calls) after the first paint.
const SettingsDrawer = lazy(() =>
  import('./SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);
const ErrorLogButton = lazy(() =>
  import('./ErrorLogButton.tsx').then((m) => ({ default: m.ErrorLogButton })),
);
const NoticeBell = lazy(() =>
  import('../../../features/staff-notices/components/NoticeBell.tsx').then((m) => ({
    default: m.NoticeBell,
  })),
);

/** Width of the closed (icons only) sidebar on desktop. */
const COLLAPSED_SIDEBAR_PX = 64;

/**
 * spec §4: below 992 px the device is mobile and the sidebar is closed without animation. App tracks
 * resizes; this covers the first render of the back office on a phone, where a saved "open" flag must not
 * flash the drawer open.
 */
function useMobileStartClosed() {
  useState(() => {
    if (typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX) {
      setDevice('mobile');
      if (sidebarOpened.peek()) closeSidebar({ withoutAnimation: true });
    }
    return null;
  });
}

/** Who the saved tabs and header tabs belong to. */
function ownerOf(): string {
  const info = adminSession.value.userInfo;
  return (
    menuOwner.value ||
    (info?.id !== undefined ? `admin:${info.id}` : info?.username ? `admin:${info.username}` : '')
  );
}

interface ManageLayoutProps {
  children: ReactNode;
  /** The title of a 401 or 404 page shown for a path that opens no menu route (breadcrumb, document title). */
  statusTitle?: string;
}

export function ManageLayout({ children, statusTitle }: ManageLayoutProps) {
  useSignals();
  useMobileStartClosed();
  const t = useT();
  const title = useMenuTitle();
  const [pathname] = useLocation();
  const search = useSearch();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const hasErrorLogs = errorLogs.value.length > 0;

  const tree = menuTree.value;
  const routes = accessibleRoutes.value;
  const owner = ownerOf();
  const system = currentSystem.value;
  const mobile = device.value === 'mobile';
  const opened = sidebarOpened.value;
  const prefs = settings.value;
  const route = matchRoute(routes, pathname, search);
  const pageRoute = route && !route.isGroup ? route : undefined;

  // Saved tabs of this administrator come back after a reload; tabs they may no longer open are dropped.
  useEffect(() => {
    if (!owner) return;
    const known = accessibleRoutes.value;
    void hydrateVisitedViews(
      owner,
      (view) => known.length === 0 || findManageRoute(view.path, known) !== undefined,
    );
  }, [owner]);

  // Re-asked on each system switch, so a tab switched off in the settings shows as such without a reload.
  useEffect(() => {
    if (owner) void loadHeaderTabs(owner, system);
  }, [owner, system]);

  // Affixed pages (home) are always open.
  useEffect(() => {
    for (const affixed of routes) {
      if (affixed.meta.affix && !affixed.isGroup && !affixed.path.includes(':')) {
        addVisitedView({
          path: affixed.path,
          query: '',
          name: affixed.name,
          meta: { title: affixed.meta.title, affix: true, noCache: affixed.meta.noCache },
        });
      }
    }
  }, [routes]);

  useEffect(() => {
    if (!pageRoute) return;
    addVisitedView({
      path: pathname,
      query: search,
      name: pageRoute.name,
      meta: { title: pageRoute.meta.title, affix: pageRoute.meta.affix, noCache: pageRoute.meta.noCache },
    });
  }, [pathname, search, pageRoute]);

  const pageTitle = pageRoute ? title(pageRoute.name, pageRoute.meta.title) : (statusTitle ?? '');
  const platformTitle = t('common.platformTitle');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${platformTitle}` : platformTitle;
  }, [pageTitle, platformTitle]);

  // The mobile drawer closes once a page is chosen.
  useEffect(() => {
    if (device.value === 'mobile' && sidebarOpened.value) closeSidebar({ withoutAnimation: false });
  }, [pathname, search]);

  const tabs = headerTabs.value ?? fallbackTabs(tree);
  const sidebarItems = sidebarFor(tree, system);
  const activeLink = activeMenuLink(tree, pathname, search);
  const crumbs = breadcrumbFor(route, routes, statusTitle);
  const toggleLabel = opened ? t('manage.sidebar.close') : t('manage.sidebar.open');

  const sidebar = (collapsed: boolean) => (
    <Sidebar
      items={sidebarItems}
      activeLink={activeLink}
      collapsed={collapsed}
      showLogo={prefs.sidebarLogo}
      onNavigate={mobile ? () => closeSidebar({ withoutAnimation: false }) : undefined}
    />
  );

  return (
    <div className={classes.root} data-testid="manage-layout" data-device={device.value}>
      {mobile ? (
        <Drawer
          opened={opened}
          onClose={() => closeSidebar({ withoutAnimation: false })}
          size={SIDEBAR_WIDTH_PX}
          withCloseButton={false}
          padding={0}
          styles={{ body: { padding: 0, height: '100%' }, content: { background: '#304156' } }}
          data-testid="sidebar-drawer"
        >
          <div
            className={classes.sidebar}
            style={{ width: SIDEBAR_WIDTH_PX }}
            data-testid="sidebar"
            data-opened="true"
          >
            {sidebar(false)}
          </div>
        </Drawer>
      ) : (
        <aside
          className={`${classes.sidebar} ${sidebarWithoutAnimation.value ? classes.sidebarNoAnimation : ''}`}
          style={{ width: opened ? SIDEBAR_WIDTH_PX : COLLAPSED_SIDEBAR_PX }}
          data-testid="sidebar"
          data-opened={opened ? 'true' : 'false'}
        >
          {sidebar(!opened)}
        </aside>
      )}
      <div className={classes.main}>
        <header
          className={`${classes.header} ${prefs.fixedHeader ? classes.headerFixed : ''}`}
          data-testid="manage-header"
        >
          <div className={classes.navbar}>
            <Tooltip label={toggleLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={toggleLabel}
                aria-expanded={opened}
                onClick={toggleSidebar}
                data-testid="sidebar-toggle"
              >
                {opened ? (
                  <IconLayoutSidebarLeftCollapse size={20} />
                ) : (
                  <IconLayoutSidebarLeftExpand size={20} />
                )}
              </ActionIcon>
            </Tooltip>
            {!mobile && <SystemTabs tabs={tabs} />}
            <div className={classes.tools}>
              <HeaderSearch />
              {hasErrorLogs && (
                <Suspense fallback={null}>
                  <ErrorLogButton />
                </Suspense>
              )}
              <Suspense fallback={null}>
                <NoticeBell />
              </Suspense>
              {!mobile && <FullscreenToggle />}
              {!mobile && <SizeMenu />}
              <LanguagePicker variant="subtle" color="gray" />
              {prefs.showSettings && (
                <Tooltip label={t('manage.settingsDrawer.open')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('manage.settingsDrawer.open')}
                    onClick={() => setSettingsOpen(true)}
                    data-testid="settings-open"
                  >
                    <IconSettings size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              <UserMenu compact={mobile} onOpenSettings={() => setSettingsOpen(true)} />
            </div>
          </div>
          {mobile && <SystemTabs tabs={tabs} />}
          {crumbs.length > 0 && (
            <div className={classes.crumbs}>
              <Breadcrumb crumbs={crumbs} />
            </div>
          )}
          {prefs.tagsView && <TagsView activePath={pathname} />}
        </header>
        <main className={classes.content} data-testid="manage-content">
          <KeptPages
            active={pageRoute ? { path: pathname, node: children, noCache: pageRoute.meta.noCache } : null}
            keepAlive={prefs.tagsView}
          >
            {children}
          </KeptPages>
        </main>
      </div>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
