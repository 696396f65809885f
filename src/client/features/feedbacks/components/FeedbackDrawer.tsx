// One work order in the back office: who filed it, its category and state, the assignee select, the
// state moves the order allows (closing asks first), and the thread with the reply box.
import { Button, Drawer, Group, Loader, Select, Stack, Text } from '@mantine/core';
import {
  FEEDBACK_TRANSITIONS,
  type FeedbackDetail,
  type FeedbackReplyInput,
  type FeedbackState,
} from '../../../../shared/feedbacks/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { assignFeedback, changeFeedbackState, fetchAssignees, fetchFeedback, replyFeedback } from '../api.ts';
import { closeQuestion, FeedbackBadges } from './feedback-meta.tsx';
import { FeedbackThread } from './FeedbackThread.tsx';

function Detail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const t = useT();
  const detail = useRead({ key: readKey('feedback', id), fetch: () => fetchFeedback(id) });
  // A failed read leaves the choice empty (the API client has shown the toast).
  const assignees = useRead({ key: 'feedback-assignees', fetch: fetchAssignees }).data ?? [];
  const confirm = useConfirmAction();
  const done = (message: string) => (order: FeedbackDetail) => {
    detail.update(() => order);
    toastSuccess(message);
    onChanged();
  };
  const reply = useWrite((input: FeedbackReplyInput) => replyFeedback(id, input), {
    onDone: done(t('feedbacks.sent')),
  });
  const assign = useWrite((assigneeId: number) => assignFeedback(id, assigneeId), {
    onDone: done(t('feedbackManage.assigned')),
  });
  const move = useWrite((state: FeedbackState) => changeFeedbackState(id, state), {
    onDone: done(t('feedbackManage.stateChanged')),
  });
  const order = detail.data;
  if (!order) return <Loader size="sm" />;
  const moveTo = (state: FeedbackState) => {
    if (state !== 'closed') return void move.run(state).catch(() => undefined);
    confirm.ask(closeQuestion(t, order, () => move.run('closed')));
  };
  return (
    <Stack gap="md">
      <Group gap="xs">
        <FeedbackBadges order={order} t={t} />
        <Text fz="sm" c="dimmed">
          {order.submitter_name} ·{' '}
          {order.submitter_type === 'learners'
            ? t('feedbackManage.learners')
            : t('feedbackManage.administrators')}
        </Text>
      </Group>
      <Select
        label={t('feedbackManage.assignee')}
        placeholder={t('feedbackManage.unassigned')}
        data={assignees.map((a) => ({ value: String(a.id), label: a.real_name || a.username }))}
        value={order.assignee_id === null ? null : String(order.assignee_id)}
        onChange={(v) => v && void assign.run(Number(v)).catch(() => undefined)}
        disabled={order.state === 'closed' || assign.running}
        searchable
        data-testid="feedback-assignee"
      />
      <Group gap="xs">
        {FEEDBACK_TRANSITIONS[order.state].map((state) => (
          <Button
            key={state}
            size="xs"
            variant={state === 'closed' ? 'default' : 'light'}
            color={state === 'closed' ? 'red' : undefined}
            loading={move.running}
            onClick={() => moveTo(state)}
            data-testid={`feedback-state-${state}`}
          >
            {order.state === 'resolved' && state === 'in_progress'
              ? t('feedbackManage.reopen')
              : t(`feedbackManage.to.${state}`)}
          </Button>
        ))}
      </Group>
      <FeedbackThread
        order={order}
        apiType="administrators"
        asSubmitter={false}
        onReply={reply.run}
        sending={reply.running}
      />
      {confirm.dialog}
    </Stack>
  );
}

export function FeedbackDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={id ? `${t('feedbackManage.title')} #${id}` : ''}
    >
      {id !== null && <Detail id={id} onChanged={onChanged} />}
    </Drawer>
  );
}
