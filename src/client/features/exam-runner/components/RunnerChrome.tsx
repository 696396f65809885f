// The runner's frame: the countdown on the server's clock, the connection banner (offline, retrying, late)
// and the answer sheet that jumps to a question and marks answered / saved on this device / late.
import { Alert, Badge, Button, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/index.ts';
import type { SyncStatus } from '../logic/answer-sync.ts';
import {
  formatRemaining,
  hasUnsent,
  questionMark,
  type LocalAttempt,
  type SaveMark,
} from '../logic/attempt-state.ts';

export function Countdown({ remaining }: { remaining: number }) {
  const t = useT();
  const color = remaining <= 60_000 ? 'red' : remaining <= 5 * 60_000 ? 'orange' : 'blue';
  return (
    <Badge
      size="xl"
      color={color}
      variant={remaining <= 5 * 60_000 ? 'filled' : 'light'}
      leftSection={<IconClock size={18} />}
      data-testid="exam-countdown"
      aria-live="off"
    >
      {t('examRunner.runner.remaining')} {formatRemaining(remaining)}
    </Badge>
  );
}

export function ConnectionBanner({
  attempt,
  online,
  sync,
}: {
  attempt: LocalAttempt;
  online: boolean;
  sync: SyncStatus;
}) {
  const t = useT();
  const unsent = Object.values(attempt.answers).filter((a) => a.version > a.acked && !a.rejected).length;
  if (sync.phase === 'closed' && sync.closedMessage)
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        data-testid="exam-connection"
        data-state="closed"
      >
        {sync.closedMessage}
      </Alert>
    );
  if (!online)
    return (
      <Alert
        color="orange"
        icon={<IconCloudOff size={18} />}
        data-testid="exam-connection"
        data-state="offline"
      >
        {t('examRunner.net.offline')}
      </Alert>
    );
  if (sync.phase === 'waiting' && unsent > 0)
    return (
      <Alert
        color="yellow"
        icon={<IconRefresh size={18} />}
        data-testid="exam-connection"
        data-state="retrying"
      >
        {t('examRunner.net.retrying', { n: unsent })}
      </Alert>
    );
  return (
    <Group gap={6} data-testid="exam-connection" data-state={hasUnsent(attempt) ? 'pending' : 'saved'}>
      <IconCloudCheck size={16} color="var(--mantine-color-green-7)" />
      <Text fz="sm" c="dimmed">
        {hasUnsent(attempt) ? t('examRunner.net.pending', { n: unsent }) : t('examRunner.net.allSaved')}
      </Text>
    </Group>
  );
}

const MARK_LOOK: Record<SaveMark, { variant: string; color: string }> = {
  none: { variant: 'default', color: 'gray' },
  saved: { variant: 'filled', color: 'green' },
  device: { variant: 'filled', color: 'orange' },
  late: { variant: 'filled', color: 'red' },
};

export function AnswerSheet({ attempt, onPick }: { attempt: LocalAttempt; onPick: (index: number) => void }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 6, sm: 8 }} spacing={6} verticalSpacing={6} data-testid="answer-sheet">
      {attempt.paper.questions.map((question, index) => {
        const mark = questionMark(attempt, question);
        const look = MARK_LOOK[mark];
        return (
          <Tooltip key={question.question_id} label={t(`examRunner.mark.${mark}`)} openDelay={400}>
            <Button
              size="compact-sm"
              variant={look.variant}
              color={look.color}
              onClick={() => onPick(index)}
              aria-current={attempt.current === index ? 'step' : undefined}
              style={
                attempt.current === index ? { outline: '2px solid var(--mantine-color-blue-6)' } : undefined
              }
              data-testid={`sheet-${index + 1}`}
              data-mark={mark}
            >
              {index + 1}
            </Button>
          </Tooltip>
        );
      })}
    </SimpleGrid>
  );
}
