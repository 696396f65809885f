// /manage/contentManage/customPortal: the portal's custom pages (tab "pages") and its header navigation
// (tab "nav", ?tab=nav), so a page written here is linked from the header on the same screen.
import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { NavTab } from '../components/NavTab.tsx';
import { PagesTab } from '../components/PagesTab.tsx';

export default function CustomPortalPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'nav' ? 'nav' : 'pages';
  // A page saved or deleted changes what the navigation shows: its list is read again.
  const [pagesVersion, setPagesVersion] = useState(0);
  return (
    <Stack gap="md" data-testid="custom-portal-page">
      <Title order={1} fz="lg">
        {t('customPageManage.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearch(new URLSearchParams(value === 'nav' ? { tab: 'nav' } : {}), { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="pages" data-testid="tab-pages">
            {t('customPageManage.tabs.pages')}
          </Tabs.Tab>
          <Tabs.Tab value="nav" data-testid="tab-nav">
            {t('customPageManage.tabs.nav')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pages">
          <PagesTab onChanged={() => setPagesVersion((v) => v + 1)} />
        </Tabs.Panel>
        <Tabs.Panel value="nav">
          <NavTab version={pagesVersion} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
