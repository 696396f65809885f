// "An online exam is open now" above the admission tickets on exam day, with a button to the candidate's
// online exams (/userCenter/myExam). Reads the learner's exam list under the exam page's own key, so the
// two share the copy kept on the device. Nothing when no window is open.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'wouter';
import { learnerExamsAnswer } from '../../../../shared/exams/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { learnerGet } from '../../../lib/offline/learner-cache.ts';

const openExamsQuery = {
  key: 'my-exams',
  fetch: () => learnerGet('/v1/learner/exams', learnerExamsAnswer),
};

export function OpenExamNotice() {
  const t = useT();
  const { data } = useRead(openExamsQuery, { offline: true });
  const open = data?.data.filter(
    (exam) => exam.state === 'open' && (exam.attempt === null || exam.attempt.state === 'open'),
  );
  if (!open || open.length === 0) return null;
  return (
    <Alert color="green" icon={<IconPencil size={18} />} data-testid="open-exam-notice">
      <Group justify="space-between" gap="xs">
        <Text fz="sm">
          {t('tickets.openExam.notice')}: {open.map((exam) => exam.plan_title).join('、')}
        </Text>
        <Button component={Link} href="/userCenter/myExam" size="xs" data-testid="open-exam-go">
          {t('tickets.openExam.go')}
        </Button>
      </Group>
    </Alert>
  );
}
