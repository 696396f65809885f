// The frame every learner list page of the user centre shares (orders, applications, tickets, scores,
// messages): the title with the stale mark of the data shown (PRODUCT.md §4), the loader before the first
// answer, the error with a retry when nothing could be shown, the empty state and the spec's pager. These
// pages are on a first paint, so the pager's inputs load only for a list longer than one page (LazyPager).
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListResponse } from '../../../../shared/api/errors.ts';
import { useT } from '../../i18n/index.ts';
import { StaleBadge } from '../../offline/StaleBadge.tsx';
import { LazyPager } from '../LazyPager.tsx';
import type { ListPaging } from './use-list-paging.ts';

/** What the page knows of its list: the answer shown, when it was fetched and whether it is fresh. */
export interface LearnerListQuery<T> {
  data: ListResponse<T> | undefined;
  /** A request is running (with nothing shown yet: the loader). */
  refreshing: boolean;
  refresh: () => void;
  /** Absent for a list the page does not keep on the device: no stale mark then. */
  fetchedAt?: number | null | undefined;
  stale?: boolean;
  offline?: boolean;
}

export interface LearnerListEmpty {
  text: string;
  testId: string;
  icon?: ReactNode;
  /** Where to go from an empty list (e.g. find plans to apply to). */
  action?: ReactNode;
}

export interface LearnerListPageProps<T> {
  title: string;
  /** data-testid of the page, and of its error state (the browser tests name each page's own). */
  testId: string;
  errorTestId: string;
  query: LearnerListQuery<T>;
  paging: ListPaging;
  onPageChange: (page: number, limit: number) => void;
  /** Controls beside the title (filters, "mark all read"). */
  actions?: ReactNode;
  /** Messages between the title and the list (a payment's outcome). */
  notices?: ReactNode;
  /** The empty state; absent when the list's own component shows one (a table). */
  empty?: LearnerListEmpty;
  /** The shell's pager under the list; off when the list's own component pages (a table). */
  pager?: boolean;
  /** The rows, rendered by the page (cards, a table). */
  children: (rows: T[]) => ReactNode;
}

function LearnerListEmptyState({ text, testId, icon, action }: LearnerListEmpty) {
  return (
    <Center py="xl" data-testid={testId}>
      <Stack align="center" gap="xs">
        {icon}
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}

export function LearnerListPage<T>({
  title,
  testId,
  errorTestId,
  query,
  paging,
  onPageChange,
  actions,
  notices,
  empty,
  pager = true,
  children,
}: LearnerListPageProps<T>) {
  const t = useT();
  const answer = query.data;
  const total = answer?.meta.total ?? 0;

  let content: ReactNode;
  if (!answer) {
    content = query.refreshing ? (
      <Center py="xl" data-testid="learner-list-loading">
        <Loader />
      </Center>
    ) : (
      <Alert color="red" title={t('common.loadFailed')} data-testid={errorTestId}>
        <Button size="xs" variant="light" color="red" onClick={query.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (answer.data.length === 0 && empty) {
    content = <LearnerListEmptyState {...empty} />;
  } else {
    content = children(answer.data);
  }

  const badge =
    query.fetchedAt === undefined ? null : (
      <StaleBadge
        fetchedAt={query.fetchedAt}
        stale={query.stale}
        offline={query.offline}
        refreshing={query.refreshing}
      />
    );

  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap={actions ? 'xs' : undefined}>
        <Title order={1} fz="lg">
          {title}
        </Title>
        {actions ? (
          <Group gap="sm">
            {badge}
            {actions}
          </Group>
        ) : (
          badge
        )}
      </Group>
      {notices}
      {content}
      {pager && answer && total > paging.limit && (
        <LazyPager total={total} page={paging.page} limit={paging.limit} onChange={onPageChange} />
      )}
    </Stack>
  );
}
