// /userCenter/myFeedback: the learner's work orders (newest activity first, a new staff reply marked),
// a "new feedback" form, and a thread (?id=, as the reply notification links) with the reply box and a
// close button that asks first.
import { Badge, Button, Card, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { FeedbackDetail, FeedbackReplyInput } from '../../../../shared/feedbacks/schema.ts';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { closeMyFeedback, fetchMyFeedback, fetchMyFeedbacks, replyMyFeedback } from '../api.ts';
import { FeedbackThread } from '../components/FeedbackThread.tsx';
import { NewFeedbackForm } from '../components/NewFeedbackForm.tsx';

function Thread({ id }: { id: number }) {
  const t = useT();
  const detail = useRead({ key: readKey('my-feedback', id), fetch: () => fetchMyFeedback(id) });
  const confirm = useConfirmAction();
  const shown = (order: FeedbackDetail) => detail.update(() => order);
  const reply = useWrite((input: FeedbackReplyInput) => replyMyFeedback(id, input), {
    onDone: (order) => {
      shown(order);
      toastSuccess(t('feedbacks.sent'));
    },
    invalidates: ['my-feedbacks'],
  });
  const close = useWrite(() => closeMyFeedback(id), {
    onDone: (order) => {
      shown(order);
      toastSuccess(t('feedbacks.closed'));
    },
    invalidates: ['my-feedbacks'],
  });
  const order = detail.data;
  if (!order) return null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge variant="light">{t(`feedbacks.categories.${order.category}`)}</Badge>
          <Badge color={order.state === 'closed' ? 'gray' : 'blue'}>
            {t(`feedbacks.states.${order.state}`)}
          </Badge>
        </Group>
        {order.state !== 'closed' && (
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={() =>
              confirm.ask({
                title: t('feedbacks.close'),
                message: t('feedbacks.confirmClose', { id: order.id }),
                confirmLabel: t('feedbacks.close'),
                color: 'red',
                run: async () => {
                  await close.run();
                },
                testId: 'feedback-close-dialog',
              })
            }
            data-testid="feedback-close"
          >
            {t('feedbacks.close')}
          </Button>
        )}
      </Group>
      <FeedbackThread order={order} apiType="learners" onReply={reply.run} sending={reply.running} />
      {confirm.dialog}
    </Stack>
  );
}

export default function MyFeedbackPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const openId = Number(new URLSearchParams(search).get('id')) || null;
  const [creating, setCreating] = useState(false);
  const { paging, onPageChange } = useListPaging();
  const list = useRead(
    {
      key: readKey('my-feedbacks', paging.page, paging.limit),
      fetch: () => fetchMyFeedbacks(paging),
    },
    { keepPrevious: true },
  );
  const open = (id: number | null) =>
    navigate(id ? `/userCenter/myFeedback?id=${id}` : '/userCenter/myFeedback');

  return (
    <>
      <LearnerListPage
        title={t('userCenter.nav.myFeedback')}
        testId="my-feedback-page"
        errorTestId="feedback-error"
        query={{ ...list, fetchedAt: undefined }}
        paging={paging}
        onPageChange={onPageChange}
        actions={
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setCreating(true)}
            data-testid="feedback-new"
          >
            {t('feedbacks.new')}
          </Button>
        }
        empty={{ text: t('feedbacks.myEmpty'), testId: 'feedback-empty' }}
      >
        {(items) => (
          <Stack gap="xs">
            {items.map((item) => (
              <UnstyledButton
                key={item.id}
                onClick={() => open(item.id)}
                data-testid={`feedback-row-${item.id}`}
              >
                <Card
                  withBorder
                  radius="md"
                  padding="sm"
                  style={{ borderLeft: item.unread ? '3px solid var(--mantine-color-red-6)' : undefined }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Badge size="xs" variant="light">
                          {t(`feedbacks.categories.${item.category}`)}
                        </Badge>
                        <Text fz="xs" c="dimmed">
                          #{item.id}
                        </Text>
                      </Group>
                      <Text fz="sm" lineClamp={1}>
                        {item.content}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                      {item.unread && (
                        <Badge size="xs" color="red" variant="filled" data-testid="feedback-unread">
                          {t('feedbacks.unread')}
                        </Badge>
                      )}
                      <Badge size="sm" color={item.state === 'closed' ? 'gray' : 'blue'}>
                        {t(`feedbacks.states.${item.state}`)}
                      </Badge>
                      <Text fz="xs" c="dimmed">
                        {isoDateTime(item.updated_at)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </LearnerListPage>
      <Drawer
        opened={creating}
        onClose={() => setCreating(false)}
        position="right"
        title={t('feedbacks.new')}
      >
        {creating && (
          <NewFeedbackForm
            onCreated={(order) => {
              setCreating(false);
              toastSuccess(t('feedbacks.submitted'));
              list.refresh();
              open(order.id);
            }}
          />
        )}
      </Drawer>
      <Drawer
        opened={openId !== null}
        onClose={() => {
          open(null);
          list.refresh();
        }}
        position="right"
        size="lg"
        title={openId ? `#${openId}` : ''}
      >
        {openId !== null && <Thread id={openId} />}
      </Drawer>
    </>
  );
}
