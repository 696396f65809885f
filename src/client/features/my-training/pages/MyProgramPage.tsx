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
import { IconArrowRight, IconCertificate, IconRoute } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchAvailablePrograms, followProgram, myProgramsQuery, type MyProgram } from '../api.ts';
import { classHref, courseHref, nextStepHref } from '../logic/links.ts';

function NextStep({ program }: { program: MyProgram }) {
  const t = useT();
  const step = program.next_step;
  const href = nextStepHref(step);
  const text =
    step.kind === 'enrol' && step.target_id === null
      ? t('myTraining.program.step.none')
      : t(`myTraining.program.step.${step.kind}`, { title: step.title });
  return (
    <Alert
      color={step.kind === 'done' ? 'teal' : 'blue'}
      icon={step.kind === 'done' ? <IconCertificate size={18} /> : <IconArrowRight size={18} />}
      title={t('myTraining.program.next')}
      data-testid="program-next-step"
      data-kind={step.kind}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" style={{ wordBreak: 'break-word' }}>
          {text}
        </Text>
        {href && (
          <Button component={Link} href={href} size="compact-sm" data-testid="program-next-go">
            {t('myTraining.program.go')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

function ProgramCard({ program }: { program: MyProgram }) {
  const t = useT();
  const total = program.courses.length;
  const percent = total === 0 ? 100 : Math.round((program.courses_done / total) * 100);
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`my-program-${program.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} style={{ minWidth: 0, wordBreak: 'break-word' }}>
            {program.name}
          </Text>
          <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
            {program.level_name}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {program.occupation_name}
        </Text>
        <NextStep program={program} />

        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <Text fz="sm" fw={500} style={{ flex: 1 }} data-testid="program-courses-done">
              {t('myTraining.program.courses', { done: program.courses_done, total })}
            </Text>
          </Group>
          <Progress value={percent} size="sm" />
          {program.courses.map((course) => (
            <Group key={course.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} href={courseHref(course.id)} fz="sm" style={{ minWidth: 0 }}>
                {course.title}
              </Anchor>
              <Text
                fz="xs"
                fw={600}
                c={course.done ? 'teal' : undefined}
                data-testid={`program-course-${course.id}`}
              >
                {course.percent}%
              </Text>
            </Group>
          ))}
        </Stack>

        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t('myTraining.program.classes')}
          </Text>
          {program.classes.length === 0 ? (
            <Text fz="xs" c="dimmed">
              {t('myTraining.program.noClass')}
            </Text>
          ) : (
            program.classes.map((klass) => (
              <Group key={klass.id} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} href={classHref(klass.id)} fz="sm" style={{ minWidth: 0 }}>
                  {klass.name}
                </Anchor>
                <Badge
                  variant="light"
                  color={klass.completed_at ? 'teal' : 'gray'}
                  style={{ textTransform: 'none', flexShrink: 0 }}
                  data-testid={`program-class-${klass.id}`}
                  data-completed={klass.completed_at ? 'true' : 'false'}
                >
                  {klass.completed_at ? t('myTraining.program.classCompleted') : klass.state_name}
                </Badge>
              </Group>
            ))
          )}
        </Stack>

        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t('myTraining.program.plans')}
          </Text>
          {program.plans.length === 0 ? (
            <Text fz="xs" c="dimmed">
              {t('myTraining.program.noPlans')}
            </Text>
          ) : (
            program.plans.map((plan) => (
              <Group key={plan.id} justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="sm" style={{ wordBreak: 'break-word' }}>
                    {plan.title}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {plan.state_name}
                  </Text>
                </Stack>
                {plan.enrollment ? (
                  <Anchor
                    component={Link}
                    href={`/userCenter/myEnrollInfo?id=${plan.enrollment.id}`}
                    fz="xs"
                    style={{ flexShrink: 0 }}
                  >
                    {plan.enrollment.state_name}
                  </Anchor>
                ) : plan.state === 'published' ? (
                  <Button
                    component={Link}
                    href={`/enroll?id=${plan.id}`}
                    size="compact-xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                  >
                    {t('myTraining.program.enrol')}
                  </Button>
                ) : (
                  <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {t('myTraining.program.notEnrolled')}
                  </Text>
                )}
              </Group>
            ))
          )}
        </Stack>

        <Group gap="xs">
          <Text fz="sm" fw={500}>
            {t('myTraining.program.certificate')}
          </Text>
          <Text fz="sm" c={program.certificate ? 'teal' : 'dimmed'} data-testid="program-certificate">
            {program.certificate
              ? t('myTraining.program.certificateIssued', {
                  number: program.certificate.number,
                  date: isoDateTime(program.certificate.issued_at, '{y}-{m}-{d}'),
                })
              : t('myTraining.program.noCertificate')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

const AVAILABLE_PAGE = { page: 1, limit: 50 };

function AvailablePrograms() {
  const t = useT();
  const query = useRead({
    key: 'my-programs-available',
    fetch: () => fetchAvailablePrograms(AVAILABLE_PAGE),
  });
  const follow = useWrite((id: number) => followProgram(id), {
    invalidates: ['my-programs'],
  });
  const offered = (query.data?.data ?? []).filter((program) => !program.following);
  return (
    <Stack gap="xs" data-testid="programs-available">
      <Title order={2} fz="md">
        {t('myTraining.program.available')}
      </Title>
      {query.data && offered.length === 0 && (
        <Text c="dimmed" fz="sm">
          {t('myTraining.program.noneAvailable')}
        </Text>
      )}
      {offered.map((program) => (
        <Card
          key={program.id}
          withBorder
          radius="md"
          padding="sm"
          data-testid={`program-offer-${program.id}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {program.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {program.occupation_name} · {program.level_name} ·{' '}
                {t('myTraining.program.courseCount', { n: program.course_count })}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              style={{ flexShrink: 0 }}
              loading={follow.running}
              onClick={() => follow.run(program.id).then(query.refresh, () => undefined)}
              data-testid="program-follow"
            >
              {t('myTraining.program.follow')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** `/userCenter/myProgram`: the programs the learner follows, their progress toward the certificate and the next step. */
export default function MyProgramPage() {
  const t = useT();
  const query = useRead(myProgramsQuery, { offline: true });
  const programs = query.data?.data;
  return (
    <Stack gap="md" data-testid="my-program-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('userCenter.nav.myProgram')}
        </Title>
        <StaleBadge
          fetchedAt={query.fetchedAt}
          stale={query.stale}
          offline={query.offline}
          refreshing={query.refreshing}
        />
      </Group>
      {programs ? (
        programs.length === 0 ? (
          <Center py="lg" data-testid="my-program-empty">
            <Stack align="center" gap="xs">
              <IconRoute size={36} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed" ta="center">
                {t('myTraining.program.empty')}
              </Text>
            </Stack>
          </Center>
        ) : (
          <Stack gap="sm" data-testid="my-program-list">
            {programs.map((program) => (
              <ProgramCard key={program.id} program={program} />
            ))}
          </Stack>
        )
      ) : query.refreshing ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Alert color="red" title={t('common.loadFailed')} data-testid="my-program-error">
          <Button size="xs" variant="light" color="red" onClick={query.refresh}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      <AvailablePrograms />
    </Stack>
  );
}
