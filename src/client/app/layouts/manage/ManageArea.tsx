// A back-office path: the menu route it matches, its page, inside the back-office chrome. This is the back
// office's chunk (the manage entry of chrome-loaders.ts): the page registry (manage-pages.ts) and the access
// rules come with it, so no public or user-centre page downloads the loaders of sixty back-office pages.
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { manageAccess } from '../../guards/manage-access.ts';
import { LazyPage } from '../../lazy-page.tsx';
import { managePageLoader } from '../../manage-pages.ts';
import { accessibleRoutes } from '../../menus/state.ts';
import { NotFoundPage, UnauthorizedPage } from '../../pages/ErrorPage.tsx';
import { ManageLayout } from './ManageLayout.tsx';

const MANAGE_HOME = '/manage/index';

export default function ManageArea({ path }: { path: string }) {
  useSignals();
  const t = useT();
  const access = manageAccess(path, accessibleRoutes.value);
  const route = access.type === 'route' ? access.route : undefined;
  const loader = route && !route.isGroup ? managePageLoader(route.component) : undefined;
  let content: ReactNode;
  let statusTitle: string | undefined;
  if (route?.isGroup && route.redirect) {
    content = <Redirect to={route.redirect} replace />;
  } else if (route && loader) {
    content = (
      <Switch location={path}>
        <Route path={route.path}>{(params) => <LazyPage loader={loader} props={{ params, route }} />}</Route>
      </Switch>
    );
  } else if (access.type === 'forbidden') {
    content = <UnauthorizedPage homeHref={MANAGE_HOME} />;
    statusTitle = t('common.unauthorizedTitle');
  } else {
    content = <NotFoundPage homeHref={MANAGE_HOME} />;
    statusTitle = route ? undefined : t('common.notFoundTitle');
  }
  return <ManageLayout statusTitle={statusTitle}>{content}</ManageLayout>;
}
