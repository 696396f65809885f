import { Alert, Button, Card, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardOff } from '@tabler/icons-react';
import { useProgressiveCount } from '../../../lib/components/use-progressive-count.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { SkillTest } from '../api.ts';
import { SkillTestCard } from './SkillTestCard.tsx';

interface SkillTestGridProps {
  tests: SkillTest[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onDetails: (id: number) => void;
  loggedIn: boolean;
  skeletons?: number;
}

/** The cards of the open skill tests, with loading, empty and error states. */
export function SkillTestGrid({
  tests,
  loading,
  error,
  onRetry,
  onDetails,
  loggedIn,
  skeletons = 3,
}: SkillTestGridProps) {
  const t = useT();
  // The first row (three cards on a wide screen) first, the rest just after.
  const shown = useProgressiveCount(tests.length, 3);
  if (error) {
    return (
      <Alert color="red" title={t('common.loadFailed')} data-testid="skill-tests-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{error}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (loading && tests.length === 0) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="skill-tests-loading">
        {Array.from({ length: skeletons }, (_, i) => (
          <Card key={i} withBorder radius="md">
            <Skeleton h={18} w="80%" mb="sm" />
            <Skeleton h={12} mb={8} />
            <Skeleton h={12} w="60%" mb="lg" />
            <Skeleton h={30} />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (tests.length === 0) {
    return (
      <Center py="xl" data-testid="skill-tests-empty">
        <Stack align="center" gap={4}>
          <IconClipboardOff size={36} color="var(--mantine-color-gray-5)" />
          <Text c="dimmed">{t('portal.noOpenTests')}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, md: 3 }}
      data-testid="skill-tests"
      style={{ opacity: loading ? 0.6 : 1 }}
    >
      {tests.slice(0, shown).map((test) => (
        <SkillTestCard key={test.id} test={test} onDetails={onDetails} loggedIn={loggedIn} />
      ))}
    </SimpleGrid>
  );
}
