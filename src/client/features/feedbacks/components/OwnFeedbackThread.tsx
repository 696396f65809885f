// The submitter's view of one of its own work orders (the learner's user centre, an administrator's
// header drawer): category and state, a close button that asks first, and the thread with its reply box.
import { Button, Group, Stack } from '@mantine/core';
import type { FeedbackDetail, FeedbackReplyInput } from '../../../../shared/feedbacks/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import type { OwnFeedbackApi } from '../api.ts';
import { closeQuestion, FeedbackBadges } from './feedback-meta.tsx';
import { FeedbackThread } from './FeedbackThread.tsx';

/** One of the submitter's own work orders: state, a close button that asks first, the thread and reply box. */
export function OwnFeedbackThread({ id, calls }: { id: number; calls: OwnFeedbackApi }) {
  const t = useT();
  const detail = useRead({ key: readKey(calls.key, id), fetch: () => calls.get(id) });
  const confirm = useConfirmAction();
  const shown = (order: FeedbackDetail) => detail.update(() => order);
  const reply = useWrite((input: FeedbackReplyInput) => calls.reply(id, input), {
    onDone: (order) => {
      shown(order);
      toastSuccess(t('feedbacks.sent'));
    },
    invalidates: [`${calls.key}s`],
  });
  const close = useWrite(() => calls.close(id), {
    onDone: (order) => {
      shown(order);
      toastSuccess(t('feedbacks.closed'));
    },
    invalidates: [`${calls.key}s`],
  });
  const order = detail.data;
  if (!order) return null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <FeedbackBadges order={order} t={t} />
        </Group>
        {order.state !== 'closed' && (
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() => confirm.ask(closeQuestion(t, order, () => close.run()))}
            data-testid="feedback-close"
          >
            {t('feedbacks.close')}
          </Button>
        )}
      </Group>
      <FeedbackThread order={order} apiType={calls.apiType} onReply={reply.run} sending={reply.running} />
      {confirm.dialog}
    </Stack>
  );
}
