// /pages/<slug> (public): a custom page written in the back office. Its body was sanitised by the server
// when saved (lib/rich-text.ts), so it is shown as stored; an unknown or unpublished page says so.
import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { fetchPublicPage } from '../api.ts';

export default function CustomPage({ params }: { params?: { slug?: string } }) {
  const t = useT();
  const slug = params?.slug ?? '';
  const page = useRead(
    slug ? { key: readKey('custom-page', slug), fetch: () => fetchPublicPage(slug) } : null,
  );
  const data = page.data;
  const notFound = !slug || (page.error instanceof ApiError && page.error.status === 404);

  usePageMeta(data?.title, data?.description);

  let content;
  if (notFound) {
    content = (
      <Stack align="center" py="xl" gap="sm" data-testid="custom-page-not-found">
        <Title order={1} c="brand.6" fz={56} lh={1}>
          404
        </Title>
        <Text c="dimmed">{t('common.notFoundText')}</Text>
        <Button component={Link} href="/">
          {t('common.backHome')}
        </Button>
      </Stack>
    );
  } else if (!data && page.error) {
    content = (
      <Alert color="red" title={t('common.loadFailed')}>
        <Button size="xs" variant="light" color="red" onClick={page.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (!data) {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else {
    content = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
        <Title order={1} fz={{ base: 'xl', sm: 26 }} data-testid="custom-page-title">
          {data.title}
        </Title>
        <Text fz="xs" c="dimmed" mt={4} mb="md">
          {parseTime(data.updated_at, '{y}-{m}-{d}')}
        </Text>
        {/* Mantine's Typography gives the stored HTML its headings, tables with borders and fitted images. */}
        <Typography>
          <Box
            style={{ overflowWrap: 'anywhere', overflowX: 'auto' }}
            data-testid="custom-page-body"
            // Sanitised by the server when the page was saved.
            dangerouslySetInnerHTML={{ __html: data.body }}
          />
        </Typography>
      </Paper>
    );
  }

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="custom-page">
      <PortalHeader />
      <Container size="md" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        {content}
      </Container>
    </Box>
  );
}
