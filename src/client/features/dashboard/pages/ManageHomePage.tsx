// /manage/index: the back-office home. Every figure is the server's live count; while it loads the cards
// show skeletons and when it fails an error with a retry, never made-up numbers.
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconClipboardCheck,
  IconRefresh,
  IconUsers,
  IconWriting,
  type Icon,
} from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { toThousands } from '../../../lib/utils/number.ts';
import { fetchAdminDashboard, type AdminDashboard } from '../api.ts';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; data: AdminDashboard; at: number };

const FIGURES: {
  key: 'candidates' | 'open_plans' | 'pending_reviews' | 'todays_exams';
  label: string;
  icon: Icon;
  color: string;
}[] = [
  { key: 'candidates', label: 'manage.home.candidates', icon: IconUsers, color: 'brand' },
  { key: 'open_plans', label: 'manage.home.openPlans', icon: IconCalendarEvent, color: 'teal' },
  { key: 'pending_reviews', label: 'manage.home.pendingReviews', icon: IconClipboardCheck, color: 'orange' },
  { key: 'todays_exams', label: 'manage.home.todaysExams', icon: IconWriting, color: 'grape' },
];

export default function ManageHomePage() {
  useSignals();
  const t = useT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const name = adminSession.value.name;

  const refresh = useCallback(async (signal?: { cancelled: boolean }) => {
    setLoad({ state: 'loading' });
    try {
      const data = await fetchAdminDashboard();
      if (!signal?.cancelled) setLoad({ state: 'ready', data, at: Date.now() });
    } catch (error) {
      if (!signal?.cancelled)
        setLoad({
          state: 'error',
          message: error instanceof Error && error.message ? error.message : t('common.loadFailed'),
        });
    }
    // t only formats the fallback message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const signal = { cancelled: false };
    void refresh(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [refresh]);

  const data = load.state === 'ready' ? load.data : null;

  return (
    <Stack gap="md" data-testid="manage-home">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="h3">
            {t('manage.home.title')}
          </Title>
          {name && (
            <Text c="dimmed" size="sm">
              {t('manage.home.welcome', { name })}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {load.state === 'ready' && (
            <Text size="xs" c="dimmed">
              {t('manage.home.updatedAt', { time: parseTime(load.at, '{h}:{i}:{s}') ?? '' })}
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={load.state === 'loading'}
            onClick={() => void refresh()}
            data-testid="manage-home-refresh"
          >
            {t('manage.home.refresh')}
          </Button>
        </Group>
      </Group>

      {data?.scope === 'college' && (
        <Text size="sm" c="dimmed">
          {t('manage.home.collegeScope')}
        </Text>
      )}

      {load.state === 'error' && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('common.loadFailed')}
          data-testid="manage-home-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{load.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refresh()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {load.state !== 'error' && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {FIGURES.map((figure) => (
            <Paper key={figure.key} withBorder p="md" radius="md" data-testid={`figure-${figure.key}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm" c="dimmed">
                    {t(figure.label)}
                  </Text>
                  {data ? (
                    <Text fz={28} fw={700} lh={1.3} data-testid={`figure-${figure.key}-value`}>
                      {toThousands(data[figure.key])}
                    </Text>
                  ) : (
                    <Skeleton height={30} width={80} mt={6} />
                  )}
                </div>
                <ThemeIcon variant="light" color={figure.color} size={40} radius="md">
                  <figure.icon size={22} />
                </ThemeIcon>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      {data && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Text fw={600} mb="sm">
                {t('manage.home.upcoming')}
              </Text>
              {data.upcoming_sessions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('manage.home.noUpcoming')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={420}>
                  <Table verticalSpacing="xs" data-testid="upcoming-sessions">
                    <Table.Tbody>
                      {data.upcoming_sessions.map((session) => (
                        <Table.Tr key={session.id}>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {session.plan_title}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {session.name}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={session.kind === 'practical' ? 'orange' : 'brand'}>
                              {session.kind === 'theory' || session.kind === 'practical'
                                ? t(`manage.home.kinds.${session.kind}`)
                                : session.kind}
                            </Badge>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <Text size="sm">{isoDateTime(session.starts_at)}</Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              {data.learners_total !== null && data.learners_total !== undefined && (
                <Paper withBorder p="md" radius="md">
                  <Text size="sm" c="dimmed">
                    {t('manage.home.learnersTotal')}
                  </Text>
                  <Text fz={24} fw={700}>
                    {toThousands(data.learners_total)}
                  </Text>
                </Paper>
              )}
              {data.paid_orders_today !== undefined && (
                <Paper withBorder p="md" radius="md">
                  <Text size="sm" c="dimmed">
                    {t('manage.home.paidToday')}
                  </Text>
                  <Text fz={24} fw={700}>
                    {toThousands(data.paid_orders_today)}
                  </Text>
                  {data.paid_amount_today_fen !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('manage.home.paidAmountToday', {
                        amount: (data.paid_amount_today_fen / 100).toFixed(2),
                      })}
                    </Text>
                  )}
                </Paper>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
