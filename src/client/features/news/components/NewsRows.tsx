// The rows of /news: an article (news, notice) or a job as a card linking to its page, a file with its
// download link. Phone-first: one column, the facts wrapping under the title.
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconMapPin, IconPinned } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { formatBytes } from '../../../lib/utils/bytes.ts';
import { downloadFileHref, type ArticleRow, type DownloadRow } from '../api.ts';
import { articleHref } from '../links.ts';
import { salaryText } from './job-facts.ts';

export function ArticleCard({ article }: { article: ArticleRow }) {
  const t = useT();
  const job = article.kind === 'job';
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={`news-row-${article.id}`}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {article.cover_url && (
          <img
            src={article.cover_url}
            alt=""
            width={96}
            height={64}
            loading="lazy"
            style={{ objectFit: 'cover', borderRadius: 6, flex: 'none' }}
          />
        )}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            {article.pinned && (
              <Badge
                size="sm"
                color="red"
                variant="light"
                leftSection={<IconPinned size={12} />}
                style={{ flex: 'none' }}
              >
                {t('news.pinned')}
              </Badge>
            )}
            <Anchor
              component={Link}
              href={articleHref(article)}
              fw={600}
              c="dark"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="news-row-title"
            >
              {article.title}
            </Anchor>
          </Group>
          {job ? (
            <Text size="sm" c="dimmed">
              {[article.employer, salaryText(t, article)].filter(Boolean).join(' · ')}
            </Text>
          ) : (
            article.summary && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {article.summary}
              </Text>
            )
          )}
          <Group gap="xs" c="dimmed" fz="xs">
            {article.category && (
              <Badge size="xs" variant="light">
                {article.category.name}
              </Badge>
            )}
            <span>{parseTime(article.published_at, '{y}-{m}-{d}')}</span>
            {job && article.place && (
              <Group gap={2} component="span">
                <IconMapPin size={12} />
                {article.place}
              </Group>
            )}
            <Group gap={2} component="span">
              <IconEye size={12} />
              {article.view_count}
            </Group>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

export function DownloadCard({ file }: { file: DownloadRow }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={`download-row-${file.id}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {file.title}
          </Text>
          {file.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {file.description}
            </Text>
          )}
          <Group gap="xs" c="dimmed" fz="xs">
            {file.category && (
              <Badge size="xs" variant="light">
                {file.category.name}
              </Badge>
            )}
            <span>{file.file_name}</span>
            <span>{formatBytes(file.file_size)}</span>
            <span>{t('news.version', { n: file.version })}</span>
            <span>{parseTime(file.updated_at, '{y}-{m}-{d}')}</span>
            <span>{t('news.downloads', { n: file.download_count })}</span>
          </Group>
        </Stack>
        <Button
          component="a"
          href={downloadFileHref(file.id)}
          download={file.file_name}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          data-testid="download-file"
        >
          {t('news.download')}
        </Button>
      </Group>
    </Paper>
  );
}
