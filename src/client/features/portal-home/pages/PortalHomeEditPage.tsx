// /manage/contentManage/index/index (首页编辑): the portal's banners and the home layout's draft, with a
// preview and publishing.
import '@mantine/dates/styles.css';
import { Center, Loader, Stack, Title } from '@mantine/core';
import { useRead } from '../../../lib/data/use-read.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchHomeAdmin } from '../api.ts';
import { BannerPanel } from '../components/BannerPanel.tsx';
import { LayoutPanel } from '../components/LayoutPanel.tsx';

export default function PortalHomeEditPage() {
  const t = useT();
  const home = useRead({ key: 'admin-portal-home', fetch: fetchHomeAdmin });
  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="portal-home-edit-page">
        <Title order={1} fz="lg">
          {t('portalHome.title')}
        </Title>
        <BannerPanel />
        {home.data ? (
          <LayoutPanel home={home.data} onChange={(next) => home.update(() => next)} />
        ) : (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
      </Stack>
    </LocalizedDatesProvider>
  );
}
