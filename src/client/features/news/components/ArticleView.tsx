// What the article and job pages share: reading one article (kept on the device, offline the copy marked
// stale), its heading with category, date and views, its body, attachments and previous/next links, and
// the page frame with the portal header. The body was sanitised by the server when it was saved.
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEye, IconPaperclip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { readKey, useRead, type ReadState } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { formatBytes } from '../../../lib/utils/bytes.ts';
import { fetchArticle, type ArticleDetail, type NewsTab } from '../api.ts';
import { articleHref, newsListHref } from '../links.ts';

/** The `?id=` of the page's address, when it is a valid id. */
function idParam(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The article of the page's `?id=`, read through the public offline copy. */
export function useArticle(): { id: number | null; read: ReadState<ArticleDetail> } {
  const id = idParam(useSearch());
  const read = useRead(id !== null ? { key: readKey('article', id), fetch: () => fetchArticle(id) } : null, {
    offline: 'public',
  });
  return { id, read };
}

export function ArticleFrame({ tab, children }: { tab: NewsTab; children: ReactNode }) {
  const t = useT();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <PortalHeader active="/news" />
      <Container size="md" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Anchor component={Link} href={newsListHref(tab)} size="sm" data-testid="news-back">
            <Group gap={4} component="span">
              <IconChevronLeft size={14} />
              {t('news.back')}
            </Group>
          </Anchor>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** Loading, not found (a withdrawn or unknown article answers 404) or failed; null once the article is there. */
export function ArticleState({
  id,
  read,
  tab,
}: {
  id: number | null;
  read: ReadState<ArticleDetail>;
  tab: NewsTab;
}) {
  const t = useT();
  usePageMeta(read.data?.title ?? null, read.data?.summary || read.data?.title);
  if (read.data) return null;
  if (id === null || (read.error instanceof ApiError && read.error.status === 404))
    return (
      <Alert color="gray" data-testid="article-not-found">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('news.notFound')}</Text>
          <Button component={Link} href={newsListHref(tab)} size="xs" variant="light">
            {t('news.back')}
          </Button>
        </Stack>
      </Alert>
    );
  if (read.error)
    return (
      <Alert color="red" title={t('common.loadFailed')} data-testid="article-error">
        <Button size="xs" variant="light" color="red" onClick={read.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

export function ArticleHeading({
  article,
  read,
}: {
  article: ArticleDetail;
  read: ReadState<ArticleDetail>;
}) {
  const t = useT();
  return (
    <Stack gap={6}>
      <Title
        order={1}
        fz={{ base: 'lg', sm: 'xl' }}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="article-title"
      >
        {article.title}
      </Title>
      <Group gap="xs" c="dimmed" fz="sm">
        {article.category && (
          <Badge variant="light" data-testid="article-category">
            {article.category.name}
          </Badge>
        )}
        <span data-testid="article-date">
          {t('news.publishedAt', { date: parseTime(article.published_at, '{y}-{m}-{d} {h}:{i}') ?? '' })}
        </span>
        <Group gap={2} component="span" data-testid="article-views">
          <IconEye size={14} />
          {t('news.views', { n: article.view_count })}
        </Group>
      </Group>
      {read.stale && (
        <StaleBadge
          fetchedAt={read.fetchedAt}
          stale={read.stale}
          offline={read.offline}
          refreshing={read.refreshing}
        />
      )}
    </Stack>
  );
}

export function ArticleBody({ article }: { article: ArticleDetail }) {
  const t = useT();
  return (
    <>
      {article.cover_url && (
        <img
          src={article.cover_url}
          alt=""
          style={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 8 }}
          data-testid="article-cover"
        />
      )}
      {article.body && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          {/* Mantine's Typography gives the stored HTML its headings, tables with borders and fitted images. */}
          <Typography>
            <Box
              fz="sm"
              style={{ overflowWrap: 'anywhere', overflowX: 'auto' }}
              data-testid="article-body"
              // Sanitised by the server when the article was saved (lib/rich-text.ts's allow-list).
              dangerouslySetInnerHTML={{ __html: article.body }}
            />
          </Typography>
        </Paper>
      )}
      {article.attachments.length > 0 && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="article-attachments">
          <Text fw={600} fz="sm" mb="xs">
            {t('news.attachments')}
          </Text>
          <Stack gap={4}>
            {article.attachments.map((file) => (
              <Anchor key={file.id} href={file.url} download={file.name} fz="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconPaperclip size={14} />
                  {file.name} ({formatBytes(file.size)})
                </Group>
              </Anchor>
            ))}
          </Stack>
        </Paper>
      )}
      <Stack gap={4} fz="sm" data-testid="article-neighbours">
        {(['previous', 'next'] as const).map((side) => {
          const other = article[side];
          return (
            <Group key={side} gap={6} wrap="nowrap">
              <Text span c="dimmed" fz="sm" style={{ flex: 'none' }}>
                {side === 'previous' ? <IconChevronLeft size={12} /> : <IconChevronRight size={12} />}
                {t(`news.${side}`)}:
              </Text>
              {other ? (
                <Anchor
                  component={Link}
                  href={articleHref({ id: other.id, kind: article.kind })}
                  fz="sm"
                  truncate
                  data-testid={`article-${side}`}
                >
                  {other.title}
                </Anchor>
              ) : (
                <Text span c="dimmed" fz="sm">
                  {t('news.none')}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </>
  );
}
