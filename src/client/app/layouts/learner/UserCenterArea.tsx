import { useT } from '../../../lib/i18n/index.ts';
import { USER_CENTER_PAGES, userCenterPages, type UserCenterPage } from '../../learner-pages.ts';
import { NotFoundPage } from '../../pages/ErrorPage.tsx';
import { LazyPage } from '../../lazy-page.tsx';
import { LearnerLayout } from './LearnerLayout.tsx';
import { UserCenterLayout } from './UserCenterLayout.tsx';
import { userCenterBackTargets } from './user-center-paths.ts';

/** /userCenter and its sub-pages, inside the learner chrome. */
export default function UserCenterArea({ path }: { path: string }) {
  const t = useT();
  const sub = path.split('/')[2] ?? '';
  const known = sub === '' || (USER_CENTER_PAGES as readonly string[]).includes(sub);
  const title = known ? t(`userCenter.nav.${sub || 'index'}`) : t('common.notFoundTitle');
  return (
    <LearnerLayout title={title} backTargets={userCenterBackTargets}>
      <UserCenterLayout active={sub}>
        {known ? <LazyPage loader={userCenterPages[sub as UserCenterPage | '']} /> : <NotFoundPage />}
      </UserCenterLayout>
    </LearnerLayout>
  );
}
