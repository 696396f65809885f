import { Stack } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useLocation, useSearch } from 'wouter';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { myClassesQuery, type MyClass } from '../api.ts';
import { ClassCard } from '../components/ClassCard.tsx';
import { JoinByCode, JoinInvitation } from '../components/JoinClass.tsx';
import { usePayClass } from '../components/use-pay-class.ts';
import { classHref, joinCodeOf, MY_PROJECT_PATH } from '../logic/links.ts';

/**
 * `/userCenter/myProject`: the learner's classes (kept on the device) with state, dates, head teacher, next
 * session, progress and the fee; joining one by code, or by the invitation link (`?join=<code>`: the class
 * is confirmed first).
 */
export default function MyProjectPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const invited = joinCodeOf(useSearch());
  const { paging, onPageChange } = useListPaging();
  const query = useRead(myClassesQuery(paging), { offline: true, keepPrevious: true });
  const pay = usePayClass();
  const joined = (klass: MyClass) => navigate(classHref(klass.id));

  return (
    <LearnerListPage
      title={t('userCenter.nav.myProject')}
      testId="my-project-page"
      errorTestId="my-project-error"
      query={query}
      paging={paging}
      onPageChange={onPageChange}
      notices={
        invited ? (
          <JoinInvitation
            code={invited}
            onJoined={joined}
            onCancel={() => navigate(MY_PROJECT_PATH, { replace: true })}
          />
        ) : (
          <JoinByCode onJoined={joined} />
        )
      }
      empty={{
        text: t('myTraining.list.empty'),
        testId: 'my-project-empty',
        icon: <IconSchool size={36} color="var(--mantine-color-gray-5)" />,
      }}
    >
      {(classes) => (
        <Stack gap="xs" data-testid="my-project-list">
          {classes.map((klass) => (
            <ClassCard key={klass.id} klass={klass} paying={pay.payingId === klass.id} onPay={pay.pay} />
          ))}
        </Stack>
      )}
    </LearnerListPage>
  );
}
