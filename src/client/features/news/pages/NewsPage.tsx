// /news: news, notices, jobs and files for download in tabs (`?tab=notice|job|download`, news without),
// each with its category chips, a keyword search and pages of 20 (spec §9). The lists read are kept on the
// device: offline the last one read shows again, marked with when it was fetched.
import {
  Alert,
  Box,
  Button,
  Center,
  Chip,
  Container,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconNews, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { FIRST_PAGE } from '../../../lib/components/learner-list/use-list-paging.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import {
  NEWS_TABS,
  fetchArticles,
  fetchCategories,
  fetchDownloads,
  type ArticleRow,
  type DownloadRow,
  type ListAnswer,
  type NewsQuery,
  type NewsTab,
} from '../api.ts';
import { ArticleCard, DownloadCard } from '../components/NewsRows.tsx';
import { newsListHref } from '../links.ts';

type Rows =
  | { tab: 'download'; list: ListAnswer<DownloadRow> }
  | { tab: Exclude<NewsTab, 'download'>; list: ListAnswer<ArticleRow> };

const tabOf = (search: string): NewsTab => {
  const asked = new URLSearchParams(search).get('tab');
  return (NEWS_TABS as readonly string[]).includes(asked ?? '') ? (asked as NewsTab) : 'news';
};

async function fetchRows(tab: NewsTab, query: NewsQuery): Promise<Rows> {
  if (tab === 'download') return { tab, list: await fetchDownloads(query) };
  return { tab, list: await fetchArticles(tab, query) };
}

function NewsList({ tab }: { tab: NewsTab }) {
  const t = useT();
  const [category, setCategory] = useState('');
  const [keywordText, setKeywordText] = useState('');
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [keyword] = useDebouncedValue(keywordText.trim(), 400);
  const categories = useRead(
    { key: readKey('news-categories', tab), fetch: () => fetchCategories(tab) },
    { offline: 'public' },
  );
  const query: NewsQuery = {
    ...paging,
    category_id: category ? Number(category) : undefined,
    keyword: keyword || undefined,
  };
  const rows = useRead(
    {
      key: readKey('news', tab, paging.page, paging.limit, query.category_id, query.keyword),
      fetch: () => fetchRows(tab, query),
    },
    { keepPrevious: true, offline: 'public' },
  );
  const change = (patch: { category?: string; keyword?: string }) => {
    if (patch.category !== undefined) setCategory(patch.category);
    if (patch.keyword !== undefined) setKeywordText(patch.keyword);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const filtered = category !== '' || keywordText.trim() !== '';
  const answer = rows.data?.tab === tab ? rows.data : undefined;

  let content;
  if (!answer && rows.error) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="news-error">
        <Button size="xs" variant="light" color="red" onClick={rows.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (!answer) {
    content = (
      <Stack gap="sm" data-testid="news-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={88} radius="md" />
        ))}
      </Stack>
    );
  } else if (answer.list.data.length === 0) {
    content = (
      <Center py="xl" data-testid="news-empty">
        <Stack align="center" gap="xs">
          <IconNews size={40} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">{filtered ? t('news.noMatch') : t('news.empty')}</Text>
          {filtered && (
            <Button variant="light" size="xs" onClick={() => change({ category: '', keyword: '' })}>
              {t('news.clear')}
            </Button>
          )}
        </Stack>
      </Center>
    );
  } else {
    content = (
      <Stack gap="sm" data-testid="news-rows" style={{ opacity: rows.refreshing ? 0.6 : 1 }}>
        {answer.tab === 'download'
          ? answer.list.data.map((file) => <DownloadCard key={file.id} file={file} />)
          : answer.list.data.map((article) => <ArticleCard key={article.id} article={article} />)}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <TextInput
          w={{ base: '100%', sm: 300 }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('news.search')}
          aria-label={t('news.search')}
          value={keywordText}
          onChange={(event) => change({ keyword: event.currentTarget.value })}
          data-testid="news-search"
        />
        {rows.stale && (
          <StaleBadge
            fetchedAt={rows.fetchedAt}
            stale={rows.stale}
            offline={rows.offline}
            refreshing={rows.refreshing}
          />
        )}
      </Group>
      {(categories.data?.data.length ?? 0) > 0 && (
        <Chip.Group multiple={false} value={category} onChange={(value) => change({ category: value })}>
          <Group gap={6} data-testid="news-categories">
            <Chip value="" size="xs">
              {t('news.allCategories')}
            </Chip>
            {categories.data?.data.map((c) => (
              <Chip key={c.id} value={String(c.id)} size="xs">
                {c.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {content}
      {answer && answer.list.meta.total > paging.limit && (
        <LazyPager
          total={answer.list.meta.total}
          page={paging.page}
          limit={paging.limit}
          onChange={(page, limit) => setPaging({ page, limit })}
        />
      )}
    </Stack>
  );
}

export default function NewsPage() {
  const t = useT();
  const tab = tabOf(useSearch());
  const [, navigate] = useLocation();
  usePageMeta(t(`news.tabs.${tab}`), t('news.description'));
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="news-page">
      <PortalHeader active="/news" />
      <Container size="md" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 'lg', sm: 'xl' }}>
            {t('news.title')}
          </Title>
          <Tabs
            value={tab}
            onChange={(value) => value && navigate(newsListHref(value as NewsTab), { replace: true })}
            keepMounted={false}
          >
            <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
              {NEWS_TABS.map((key) => (
                <Tabs.Tab key={key} value={key} data-testid={`news-tab-${key}`}>
                  {t(`news.tabs.${key}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {NEWS_TABS.map((key) => (
              <Tabs.Panel key={key} value={key} pt="md">
                <NewsList tab={key} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      </Container>
    </Box>
  );
}
