import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconPhone } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { downloadCompletion, myClassQuery, type MyClassDetail } from '../api.ts';
import { CheckInPanel } from '../components/CheckInPanel.tsx';
import { ClassMeters, ClassStateBadge, FeeLine } from '../components/ClassCard.tsx';
import { usePayClass } from '../components/use-pay-class.ts';
import { checkInOf, courseHref, idOf, sessionPhase, videoHref } from '../logic/links.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const ATTENDANCE_COLORS = { present: 'green', late: 'orange', absent: 'red', excused: 'gray' } as const;

function Schedule({ detail }: { detail: MyClassDetail }) {
  const t = useT();
  const now = Date.parse(detail.server_now);
  if (detail.sessions.length === 0) return <Text c="dimmed">{t('myTraining.info.noSessions')}</Text>;
  return (
    <Stack gap={6}>
      {detail.sessions.map((session) => {
        const phase = sessionPhase(session, now);
        const status = session.attendance?.status ?? 'none';
        return (
          <Group
            key={session.id}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            align="flex-start"
            data-testid={`session-${session.id}`}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {session.title}
              </Text>
              <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                {isoDateTime(session.starts_at)}–{isoDateTime(session.ends_at, '{h}:{i}')}
                {session.place ? ` · ${session.place}` : ''}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
              <Badge
                variant={status === 'none' ? 'outline' : 'light'}
                color={status === 'none' ? 'gray' : ATTENDANCE_COLORS[status]}
                style={{ textTransform: 'none' }}
                data-testid="session-attendance"
                data-status={status}
              >
                {t(`myTraining.session.status.${status}`)}
              </Badge>
              <Text fz="xs" c={phase === 'open' ? 'blue' : 'dimmed'}>
                {t(`myTraining.session.${phase}`)}
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

function Courses({ detail }: { detail: MyClassDetail }) {
  const t = useT();
  if (detail.courses.length === 0) return <Text c="dimmed">{t('myTraining.info.noCourses')}</Text>;
  return (
    <Stack gap="xs">
      {detail.fee_state === 'unpaid' && (
        <Text fz="sm" c="orange">
          {t('myTraining.fee.payFirst')}
        </Text>
      )}
      {detail.courses.map((course) => (
        <Stack key={course.id} gap={4} data-testid={`class-course-${course.id}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} href={courseHref(course.id)} fz="sm" style={{ minWidth: 0 }}>
              {course.title}
            </Anchor>
            {course.owned && course.continue_lesson_id !== null && (
              <Button
                component={Link}
                href={videoHref(course.continue_lesson_id)}
                size="compact-sm"
                style={{ flexShrink: 0 }}
                data-testid="class-course-continue"
              >
                {course.percent > 0 ? t('myTraining.info.continue') : t('myTraining.info.start')}
              </Button>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Progress value={course.percent} size="sm" style={{ flex: 1 }} />
            <Text fz="xs" fw={600} w={44} ta="right" data-testid="class-course-percent">
              {course.percent}%
            </Text>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

function Standing({ detail }: { detail: MyClassDetail }) {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const { rule, standing } = detail;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCompletion(detail.id, `结业证书-${standing.completion_no ?? detail.id}.pdf`);
    } catch {
      notifications.show({ color: 'red', message: t('myTraining.info.certificateFailed') });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text fz="xs" c="dimmed">
        {t('myTraining.info.rule', { progress: rule.progress_percent, attendance: rule.attendance_percent })}
        {rule.test_pass_score !== null ? t('myTraining.info.ruleTest', { score: rule.test_pass_score }) : ''}
      </Text>
      <ClassMeters klass={detail} />
      <Text fz="xs">
        {t('myTraining.info.attended', { attended: standing.attended, held: standing.sessions_held })}
        {rule.test_pass_score !== null &&
          ` · ${
            standing.test_score === null
              ? t('myTraining.info.noTest')
              : t('myTraining.info.testScore', { score: standing.test_score })
          }`}
      </Text>
      {detail.completed_at ? (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm" c="teal" fw={500} data-testid="class-completed">
            {t('myTraining.info.completedAt', {
              date: isoDateTime(detail.completed_at, '{y}-{m}-{d}'),
              number: standing.completion_no ?? '',
            })}
          </Text>
          <Button
            leftSection={<IconCertificate size={16} />}
            loading={downloading}
            onClick={() => void download()}
            data-testid="class-certificate"
          >
            {t('myTraining.info.certificate')}
          </Button>
        </Stack>
      ) : standing.meets_rule ? (
        <Text fz="sm" c="teal" data-testid="class-standing" data-meets="true">
          {t('myTraining.info.meets')}
        </Text>
      ) : (
        <Text fz="sm" c="orange" data-testid="class-standing" data-meets="false">
          {t('myTraining.info.missingParts', {
            parts: standing.missing.map((part) => t(`myTraining.info.part.${part}`)).join('、'),
          })}
        </Text>
      )}
    </Stack>
  );
}

function ClassView({ detail }: { detail: MyClassDetail }) {
  const t = useT();
  const pay = usePayClass();
  return (
    <>
      <Card withBorder radius="md" padding="sm" data-testid="class-overview">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Title
              order={1}
              fz="lg"
              style={{ minWidth: 0, wordBreak: 'break-word' }}
              data-testid="class-title"
            >
              {detail.name}
            </Title>
            <ClassStateBadge klass={detail} />
          </Group>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {detail.project_name} · {detail.organization_name}
          </Text>
          <Text fz="xs">{t('myTraining.list.dates', { from: detail.starts_on, to: detail.ends_on })}</Text>
          {detail.description && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {detail.description}
            </Text>
          )}
          <FeeLine klass={detail} paying={pay.payingId === detail.id} onPay={pay.pay} />
        </Stack>
      </Card>
      <Section title={t('myTraining.info.standing')} testId="class-standing-section">
        <Standing detail={detail} />
      </Section>
      <Section title={t('myTraining.info.schedule')} testId="class-schedule">
        <Schedule detail={detail} />
      </Section>
      <Section title={t('myTraining.info.courses')} testId="class-courses">
        <Courses detail={detail} />
      </Section>
      <Section title={t('myTraining.info.notices')} testId="class-notices">
        {detail.notices.length === 0 ? (
          <Text c="dimmed">{t('myTraining.info.noNotices')}</Text>
        ) : (
          detail.notices.map((notice) => (
            <Stack key={notice.id} gap={2} data-testid={`class-notice-${notice.id}`}>
              <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {notice.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {isoDateTime(notice.created_at)}
              </Text>
              {notice.body && (
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {notice.body}
                </Text>
              )}
            </Stack>
          ))
        )}
      </Section>
      <Section title={t('myTraining.info.teacher')} testId="class-teacher">
        {detail.head_teacher ? (
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{detail.head_teacher.name}</Text>
            <Button
              component="a"
              href={`tel:${detail.head_teacher.phone}`}
              size="compact-sm"
              variant="light"
              leftSection={<IconPhone size={14} />}
            >
              {detail.head_teacher.phone}
            </Button>
          </Group>
        ) : (
          <Text c="dimmed">{t('myTraining.list.noHeadTeacher')}</Text>
        )}
      </Section>
    </>
  );
}

/**
 * `/userCenter/myProjectInfo?id=`: one class as its member sees it (kept on the device): the schedule with
 * the learner's attendance, courses with progress and "continue", notices, the head teacher, where they stand
 * against the completion rule and the completion certificate. Opened from the session's QR link
 * (`&checkin=<sessionId>.<code>`) it checks in with one tap.
 */
export default function MyProjectInfoPage() {
  const t = useT();
  const search = useSearch();
  const id = idOf(search);
  const checkin = checkInOf(search);
  const query = useRead(id === null ? null : myClassQuery(id), { offline: true });
  if (id === null) {
    return (
      <Alert color="orange" data-testid="my-project-info-missing">
        {t('myTraining.info.missing')}
      </Alert>
    );
  }
  const detail = query.data;
  const sessionTitle = checkin
    ? (detail?.sessions.find((session) => session.id === checkin.sessionId)?.title ?? null)
    : null;
  return (
    <Stack gap="md" data-testid="my-project-info-page" key={readKey('my-class', id)}>
      <StaleBadge
        fetchedAt={query.fetchedAt}
        stale={query.stale}
        offline={query.offline}
        refreshing={query.refreshing}
      />
      {checkin && (
        <CheckInPanel
          classId={id}
          sessionId={checkin.sessionId}
          code={checkin.code}
          sessionTitle={sessionTitle}
        />
      )}
      {detail ? (
        <ClassView detail={detail} />
      ) : query.refreshing ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Alert color="red" title={t('common.loadFailed')} data-testid="my-project-info-error">
          <Button size="xs" variant="light" color="red" onClick={query.refresh}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
