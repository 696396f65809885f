// The QR link's check-in (`?checkin=<sessionId>.<code>`): one tap checks in and says present or late; an
// expired code asks to scan again, outside the session's check-in time says so.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, isBusinessRefusal } from '../../../lib/api/errors.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { online } from '../../../lib/offline/network.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { checkIn } from '../api.ts';

type Outcome =
  | { kind: 'done'; status: 'present' | 'late'; at: string }
  | { kind: 'expired' | 'closed' | 'failed' | 'offline'; message?: string };

export function CheckInPanel({
  classId,
  sessionId,
  code,
  sessionTitle,
}: {
  classId: number;
  sessionId: number;
  code: string;
  sessionTitle: string | null;
}) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const write = useWrite(() => checkIn(sessionId, code), {
    invalidates: [`my-class:${classId}`, 'my-classes'],
  });
  const tap = async () => {
    if (!online.value) {
      setOutcome({ kind: 'offline' });
      return;
    }
    try {
      const answer = await write.run();
      if (isBusinessRefusal(answer)) setOutcome({ kind: 'closed', message: answer.message });
      else setOutcome({ kind: 'done', status: answer.status, at: answer.checked_in_at });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setOutcome({ kind: 'expired' });
      else if (error instanceof ApiError && error.status === 403)
        setOutcome({ kind: 'closed', message: error.message });
      else setOutcome({ kind: 'failed' });
    }
  };

  if (outcome?.kind === 'done') {
    return (
      <Alert
        color={outcome.status === 'present' ? 'green' : 'orange'}
        icon={<IconCircleCheck size={18} />}
        title={t(outcome.status === 'present' ? 'myTraining.checkIn.present' : 'myTraining.checkIn.late')}
        data-testid="check-in-result"
        data-status={outcome.status}
      >
        {sessionTitle ? `${sessionTitle} · ` : ''}
        {isoDateTime(outcome.at)}
      </Alert>
    );
  }
  const problem =
    outcome === null
      ? null
      : outcome.kind === 'closed'
        ? (outcome.message ?? t('myTraining.checkIn.closed'))
        : t(`myTraining.checkIn.${outcome.kind}`);
  return (
    <Alert
      color="blue"
      icon={<IconQrcode size={18} />}
      title={t('myTraining.checkIn.title')}
      data-testid="check-in-panel"
    >
      <Stack gap="xs" align="stretch">
        {sessionTitle && <Text fz="sm">{t('myTraining.checkIn.ask', { title: sessionTitle })}</Text>}
        <Button size="md" loading={write.running} onClick={() => void tap()} data-testid="check-in-tap">
          {t('myTraining.checkIn.tap')}
        </Button>
        {problem && (
          <Text fz="sm" c="red" data-testid="check-in-problem" data-kind={outcome?.kind}>
            {problem}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
