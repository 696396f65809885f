import { Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import type { MyClass } from '../api.ts';
import { classHref, feeAction } from '../logic/links.ts';

const STATE_COLORS: Record<MyClass['state'], string> = {
  planned: 'gray',
  open: 'blue',
  in_progress: 'green',
  finished: 'teal',
  archived: 'gray',
};

/** The fee of a class: free, due (with pay / continue paying) or paid. */
export function FeeLine({
  klass,
  paying,
  onPay,
}: {
  klass: MyClass;
  paying: boolean;
  onPay: (id: number) => void;
}) {
  const t = useT();
  const action = feeAction(klass);
  const amount = formatFen(klass.fee_fen);
  return (
    <Group gap="xs" wrap="wrap" data-testid="class-fee" data-fee-state={klass.fee_state}>
      <Badge
        variant="light"
        color={klass.fee_state === 'unpaid' ? 'orange' : klass.fee_state === 'paid' ? 'green' : 'gray'}
        style={{ textTransform: 'none' }}
      >
        {klass.fee_state === 'none'
          ? t('myTraining.fee.free')
          : t(klass.fee_state === 'paid' ? 'myTraining.fee.paid' : 'myTraining.fee.unpaid', { amount })}
      </Badge>
      {action && (
        <Button size="compact-sm" loading={paying} onClick={() => onPay(klass.id)} data-testid="class-pay">
          {t(action === 'pay' ? 'myTraining.fee.pay' : 'myTraining.fee.continuePay')}
        </Button>
      )}
    </Group>
  );
}

export function ClassStateBadge({ klass }: { klass: Pick<MyClass, 'state' | 'state_name'> }) {
  return (
    <Badge variant="light" color={STATE_COLORS[klass.state]} style={{ textTransform: 'none', flexShrink: 0 }}>
      {klass.state_name}
    </Badge>
  );
}

/** Progress and attendance of the learner in the class. */
export function ClassMeters({ klass }: { klass: Pick<MyClass, 'progress_percent' | 'attendance_percent'> }) {
  const t = useT();
  return (
    <Stack gap={4}>
      {(
        [
          ['progress', klass.progress_percent],
          ['attendance', klass.attendance_percent],
        ] as const
      ).map(([key, value]) => (
        <Group key={key} gap="xs" wrap="nowrap">
          <Text fz="xs" c="dimmed" w={64} style={{ flexShrink: 0 }}>
            {t(`myTraining.list.${key}`)}
          </Text>
          <Progress
            value={value}
            size="sm"
            style={{ flex: 1 }}
            color={key === 'progress' ? 'blue' : 'teal'}
          />
          <Text fz="xs" fw={600} w={44} ta="right" data-testid={`class-${key}`}>
            {value}%
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function ClassCard({
  klass,
  paying,
  onPay,
}: {
  klass: MyClass;
  paying: boolean;
  onPay: (id: number) => void;
}) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`my-class-${klass.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} fz="sm" style={{ minWidth: 0, wordBreak: 'break-word' }} data-testid="class-name">
            {klass.name}
          </Text>
          <ClassStateBadge klass={klass} />
        </Group>
        <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {klass.project_name} · {klass.organization_name}
        </Text>
        <Text fz="xs">
          {t('myTraining.list.dates', { from: klass.starts_on, to: klass.ends_on })} ·{' '}
          {klass.head_teacher
            ? t('myTraining.list.headTeacher', { name: klass.head_teacher.name })
            : t('myTraining.list.noHeadTeacher')}
        </Text>
        <Text fz="xs" c={klass.next_session ? undefined : 'dimmed'} data-testid="class-next-session">
          {klass.next_session
            ? t('myTraining.list.nextSession', {
                title: klass.next_session.title,
                time: isoDateTime(klass.next_session.starts_at),
              })
            : t('myTraining.list.noNextSession')}
        </Text>
        <ClassMeters klass={klass} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <FeeLine klass={klass} paying={paying} onPay={onPay} />
          <Group gap="xs">
            {klass.completed_at && (
              <Badge color="teal" style={{ textTransform: 'none' }}>
                {t('myTraining.list.completed')}
              </Badge>
            )}
            <Button
              component={Link}
              href={classHref(klass.id)}
              size="compact-sm"
              variant="light"
              data-testid="class-open"
            >
              {t('myTraining.list.open')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
