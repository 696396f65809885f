import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { PROFILE_REQUIRED_FIELDS } from '../../../../shared/profile/required-fields.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { learnerSession } from '../../../lib/state/session.ts';
import { usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { InstallButton } from '../../../lib/pwa/InstallButton.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { learnerSummaryQuery, type LearnerSummary } from '../api.ts';

const REQUIRED_COUNT = Object.keys(PROFILE_REQUIRED_FIELDS).length;

/** Share of the profile fields an application needs that are filled in, 0..100. */
export function profileCompleteness(summary: LearnerSummary): number {
  if (summary.profile_complete) return 100;
  const missing = Math.min(summary.missing_fields.length, REQUIRED_COUNT);
  return Math.round(((REQUIRED_COUNT - missing) / REQUIRED_COUNT) * 100);
}

function totalEnrollments(summary: LearnerSummary): number {
  return Object.values(summary.enrollments_by_state ?? {}).reduce((sum, n) => sum + (Number(n) || 0), 0);
}

/** /userCenter: the learner's own summary (name, avatar, profile completeness, counts, next exam). */
export default function UserCenterHomePage() {
  useSignals();
  const t = useT();
  const session = learnerSession.value;
  const info = session.userInfo;
  // Offline layer (issue 4, engineer F): the learner's stored summary at once (weak network, offline), then
  // the network answer; <StaleBadge> marks a stored copy with its fetch time.
  const summaryQuery = useRead(learnerSummaryQuery, { offline: true });
  const summary = summaryQuery.data ?? null;
  // Uploaded avatars are private (served against the token): shown from a blob: URL.
  const isPrivateAvatar = session.avatar.startsWith('/api/');
  const privateAvatar = usePrivateFileUrl(isPrivateAvatar ? session.avatar : null, 'learners');
  const avatarSrc = isPrivateAvatar ? privateAvatar.src : session.avatar || null;

  const counts = summary
    ? [
        {
          key: 'unread',
          value: summary.unread_notifications,
          label: t('userCenter.summary.unreadNotifications'),
          href: '/userCenter/myNotify',
        },
        {
          key: 'enrollments',
          value: totalEnrollments(summary),
          label: t('userCenter.summary.enrollments'),
          href: '/userCenter/myEnrollLists',
        },
        {
          key: 'awaiting',
          value: summary.approved_awaiting_payment,
          label: t('userCenter.summary.awaitingPayment'),
          href: '/userCenter/myEnrollLists',
        },
        {
          key: 'unpaid',
          value: summary.unpaid_orders,
          label: t('userCenter.summary.unpaidOrders'),
          href: '/userCenter/myOrder',
        },
      ]
    : [];
  const completeness = summary ? profileCompleteness(summary) : null;

  return (
    <Stack
      gap="md"
      data-testid="user-center-home"
      data-summary-fetched-at={summaryQuery.fetchedAt ?? undefined}
    >
      <StaleBadge
        fetchedAt={summaryQuery.fetchedAt}
        stale={summaryQuery.stale}
        offline={summaryQuery.offline}
        refreshing={summaryQuery.refreshing}
      />
      <InstallButton hiddenFrom="sm" w="fit-content" />
      <Paper withBorder radius="md" p="lg">
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={avatarSrc} size={64} radius="xl" color="brand" alt={session.name}>
            {session.name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={3} fz="lg" data-testid="user-center-name">
              {t('userCenter.summary.welcome', { name: session.name || info?.username || '' })}
            </Title>
            {info?.username && (
              <Text fz="sm" c="dimmed">
                {t('userCenter.summary.username')}: {info.username}
              </Text>
            )}
            {info?.structure_name && (
              <Text fz="sm" c="dimmed">
                {t('userCenter.summary.structure')}: {info.structure_name}
              </Text>
            )}
            {completeness !== null && summary && (
              <>
                <Group gap="xs" mt="xs" wrap="nowrap">
                  <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t('userCenter.summary.profileCompleteness')}
                  </Text>
                  <Progress
                    value={completeness}
                    style={{ flex: 1 }}
                    aria-label={t('userCenter.summary.profileCompleteness')}
                  />
                  <Text fz="sm" fw={600} data-testid="profile-completeness">
                    {completeness}%
                  </Text>
                </Group>
                {summary.missing_fields.length > 0 && (
                  <Text fz="sm" c="dimmed">
                    {t('userCenter.summary.missingFields', {
                      fields: summary.missing_fields.map((f) => f.label).join('、'),
                    })}{' '}
                    <Anchor component={Link} href="/userCenter/userInfo" fz="sm">
                      {t('userCenter.summary.completeProfile')}
                    </Anchor>
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Group>
      </Paper>
      {!summary && summaryQuery.refreshing && (
        // The first visit on a slow network: the summary's place, until it arrives.
        <Stack gap="md" data-testid="summary-loading" aria-busy="true">
          <Paper withBorder radius="md" p="md">
            <Skeleton height={14} width={96} mb="xs" />
            <Skeleton height={12} width="70%" />
          </Paper>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {[0, 1, 2, 3].map((key) => (
              <Paper key={key} withBorder radius="md" p="md">
                <Skeleton height={28} width={40} mb="xs" />
                <Skeleton height={12} width="60%" />
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {!summary && !summaryQuery.refreshing && (
        // No answer and nothing stored on the device: say so, and offer to ask again.
        <Alert color="red" title={t('common.loadFailed')} data-testid="summary-error">
          <Button size="xs" variant="light" color="red" onClick={summaryQuery.refresh}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {summary && (
        <Paper withBorder radius="md" p="md" data-testid="next-exam">
          <Text fw={600} mb={4}>
            {t('userCenter.summary.nextExam')}
          </Text>
          {summary.next_exam ? (
            <Anchor
              component={Link}
              href={`/userCenter/myEnrollInfo?id=${summary.next_exam.enrollment_id}`}
              fz="sm"
            >
              {summary.next_exam.plan_title} · {summary.next_exam.session_name} ·{' '}
              {isoDateTime(summary.next_exam.starts_at)}
            </Anchor>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('userCenter.summary.noUpcomingExam')}
            </Text>
          )}
        </Paper>
      )}
      {counts.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {counts.map(({ key, value, label, href }) => (
            <Paper
              key={key}
              withBorder
              radius="md"
              p="md"
              component={Link}
              href={href}
              style={{ textDecoration: 'none', color: 'inherit' }}
              data-testid={`summary-${key}`}
            >
              <Text fz={28} fw={700} c="brand.6">
                {value}
              </Text>
              <Text fz="sm" c="dimmed">
                {label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group justify="flex-end">
        <Anchor component={Link} href="/userCenter/myFeedback" fz="sm" data-testid="user-center-feedback">
          {t('userCenter.nav.myFeedback')}
        </Anchor>
      </Group>
    </Stack>
  );
}
