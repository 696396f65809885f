// /userCenter/myFeedback: the learner's work orders (newest activity first, a new staff reply marked),
// a "new feedback" form, and a thread (?id=, as the reply notification links) with the reply box and a
// close button that asks first.
import { Button, Drawer, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchMyFeedbacks, learnerOwnFeedbacks } from '../api.ts';
import { OwnFeedbackRow } from '../components/OwnFeedbackRow.tsx';
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
              <OwnFeedbackRow key={item.id} item={item} onOpen={open} testId={`feedback-row-${item.id}`} />
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
