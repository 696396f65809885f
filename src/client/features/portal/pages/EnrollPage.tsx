import { Box, Container, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSignals } from '@preact/signals-react/runtime';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { usePagedList } from '../../../lib/components/use-paged-list.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { fetchSkillTests } from '../api.ts';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { SkillTestDetail } from '../components/SkillTestDetail.tsx';
import { SkillTestGrid } from '../components/SkillTestGrid.tsx';

/** `/enroll`: every skill test open for registration, searchable; `?id=` opens one's details. */
export default function EnrollPage() {
  useSignals();
  const t = useT();
  const search = useSearch();
  const loggedIn = isLoggedIn('learner');
  const initialId = Number(new URLSearchParams(search).get('id')) || null;
  const [detailId, setDetailId] = useState<number | null>(initialId);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 400);
  const tests = usePagedList(
    (query) => fetchSkillTests({ ...query, keyword: debounced || undefined }),
    [debounced],
  );

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="enroll-page">
      <PortalHeader active="/enroll" />
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Title order={1} fz={{ base: 'lg', sm: 'xl' }}>
              {t('portal.openTests')}
            </Title>
            <TextInput
              w={{ base: '100%', sm: 300 }}
              leftSection={<IconSearch size={16} />}
              placeholder={t('portal.searchPlaceholder')}
              value={keyword}
              onChange={(event) => setKeyword(event.currentTarget.value)}
              aria-label={t('portal.searchPlaceholder')}
              data-testid="enroll-search"
            />
          </Group>
          <SkillTestGrid
            tests={tests.rows}
            loading={tests.loading}
            error={tests.error}
            onRetry={tests.reload}
            onDetails={setDetailId}
            loggedIn={loggedIn}
          />
          {tests.total > tests.limit && (
            <LazyPager
              total={tests.total}
              page={tests.page}
              limit={tests.limit}
              onChange={tests.setPage}
              disabled={tests.loading}
            />
          )}
        </Stack>
      </Container>
      <SkillTestDetail id={detailId} onClose={() => setDetailId(null)} loggedIn={loggedIn} />
    </Box>
  );
}
