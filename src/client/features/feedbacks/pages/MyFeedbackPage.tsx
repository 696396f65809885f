// /userCenter/myFeedback: the learner's work orders (newest activity first, a new staff reply marked),
// a "new feedback" form, and a thread (?id=, as the reply notification links) with the reply box and a
// close button that asks first.
import { Badge, Button, Card, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchMyFeedbacks, learnerOwnFeedbacks } from '../api.ts';
import { OwnFeedbackThread } from '../components/OwnFeedbackThread.tsx';
import { NewFeedbackForm } from '../components/NewFeedbackForm.tsx';

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
        {openId !== null && <OwnFeedbackThread id={openId} calls={learnerOwnFeedbacks} />}
      </Drawer>
    </>
  );
}
