// A sample draw as a candidate would see it (stems, options in the candidate's order, scores), with the
// key marked for the checker: the right options and an essay's reference answer.
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { DrawnQuestion } from '../../../../shared/exams/drawn-paper.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { PaperCheck } from '../api.ts';

type Key = PaperCheck['sample_key'];

function Stem({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      data-testid={testId}
      style={{ overflowWrap: 'anywhere' }}
      // The server sanitised the stem when the question was saved (issue 22).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function Answerable({
  q,
  number,
  answerKey,
}: {
  q: Pick<DrawnQuestion, 'question_id' | 'type' | 'stem' | 'options' | 'score'>;
  number: string;
  answerKey: Key;
}) {
  const t = useT();
  const key = answerKey[String(q.question_id)];
  const right = new Set(key?.answer ?? []);
  return (
    <Stack gap={4} data-testid={`sample-question-${q.question_id}`}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Text fw={600}>{number}</Text>
        <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
          {t(`papers.types.${q.type}`)}
        </Badge>
        <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {t('papers.check.points', { n: q.score })}
        </Text>
        <Stem html={q.stem} />
      </Group>
      {q.options.map((o) => (
        <Group key={o.key} gap="xs" pl="lg" wrap="nowrap">
          <Text fw={right.has(o.key) ? 700 : 400} c={right.has(o.key) ? 'green' : undefined}>
            {o.key}. {o.text}
          </Text>
          {right.has(o.key) && (
            <Badge color="green" size="xs" data-testid="sample-key">
              {t('papers.check.key')}
            </Badge>
          )}
        </Group>
      ))}
      {q.type === 'essay' && key?.reference_answer && (
        <Text fz="sm" c="green" pl="lg">
          {t('papers.check.reference')}：{key.reference_answer}
        </Text>
      )}
    </Stack>
  );
}

export function SamplePaper({ questions, answerKey }: { questions: DrawnQuestion[]; answerKey: Key }) {
  const t = useT();
  return (
    <Stack gap="md" data-testid="paper-sample">
      {questions.map((q, index) =>
        q.type === 'material' ? (
          <Paper key={q.question_id} withBorder p="sm" data-testid={`sample-question-${q.question_id}`}>
            <Stack gap="sm">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Text fw={600}>{index + 1}.</Text>
                <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
                  {t('papers.types.material')}
                </Badge>
                <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {t('papers.check.points', { n: q.score })}
                </Text>
                <Stem html={q.stem} />
              </Group>
              {q.sub_questions.map((sub, subIndex) => (
                <Answerable
                  key={sub.question_id}
                  q={sub}
                  number={`(${subIndex + 1})`}
                  answerKey={answerKey}
                />
              ))}
            </Stack>
          </Paper>
        ) : (
          <Answerable key={q.question_id} q={q} number={`${index + 1}.`} answerKey={answerKey} />
        ),
      )}
    </Stack>
  );
}
