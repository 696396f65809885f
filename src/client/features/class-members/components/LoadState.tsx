// A read's loader, its failure with a retry, or its empty text; null when there is something to show.
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useT } from '../../../lib/i18n/index.ts';

export interface LoadStateProps {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  retry: () => void;
  testId: string;
}

export function LoadState({ loading, error, empty, emptyText, retry, testId }: LoadStateProps) {
  const t = useT();
  if (loading)
    return (
      <Center h={120}>
        <Loader size="sm" />
      </Center>
    );
  if (error)
    return (
      <Alert color="red" title={t('common.loadFailed')} data-testid={`${testId}-error`}>
        <Text fz="sm">{failureText(error)}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );
  return null;
}
