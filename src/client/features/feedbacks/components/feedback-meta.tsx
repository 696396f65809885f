// What the staff drawer and the submitter's thread both show of one work order: its category and state
// badges, and the question closing it asks first.
import { Badge } from '@mantine/core';
import type { FeedbackDetail } from '../../../../shared/feedbacks/schema.ts';
import type { Translate } from '../../../lib/i18n/index.ts';
import type { ConfirmRequest } from '../../../lib/kit/use-confirm-action.tsx';

export function FeedbackBadges({ order, t }: { order: FeedbackDetail; t: Translate }) {
  return (
    <>
      <Badge variant="light">{t(`feedbacks.categories.${order.category}`)}</Badge>
      <Badge color={order.state === 'closed' ? 'gray' : 'blue'}>{t(`feedbacks.states.${order.state}`)}</Badge>
    </>
  );
}

/** Closing a work order, asked first; `close` writes it. */
export function closeQuestion(
  t: Translate,
  order: FeedbackDetail,
  close: () => Promise<unknown>,
): ConfirmRequest {
  return {
    title: t('feedbacks.close'),
    message: t('feedbacks.confirmClose', { id: order.id }),
    confirmLabel: t('feedbacks.close'),
    color: 'red',
    run: async () => {
      await close();
    },
    testId: 'feedback-close-dialog',
  };
}
