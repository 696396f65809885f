// One question of the paper: its stem (rich text, sanitised by the server when the question was saved; its
// images are data: URLs on the device), and the input of its type; a material question shows its case text
// and each sub-question with its own input. Every change goes to the runner at once.
import { Badge, Box, Checkbox, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconCloudCheck, IconDeviceMobileCheck, IconClockExclamation } from '@tabler/icons-react';
import { MAX_ESSAY_CHARS } from '../../../../shared/exams/schema.ts';
import type { AnswerableQuestion, DrawnOption, DrawnQuestion } from '../../../../shared/exams/drawn-paper.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { answerMark, type AnswerValue, type LocalAnswer } from '../logic/attempt-state.ts';

const EMPTY: AnswerValue = { choices: [], text: '' };

export function Html({ html, testId }: { html: string; testId?: string }) {
  return (
    <Box
      className="exam-rich-text"
      data-testid={testId}
      style={{ overflowWrap: 'anywhere' }}
      // The server sanitised the stem when the question was saved (issue 22); images are data: URLs.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function optionsOf(question: AnswerableQuestion, t: (key: string) => string): DrawnOption[] {
  if (question.type === 'determine' && question.options.length === 0)
    return [
      { key: 'T', text: t('examRunner.determine.T') },
      { key: 'F', text: t('examRunner.determine.F') },
    ];
  return question.options;
}

export function SaveMarkBadge({ answer }: { answer: LocalAnswer | undefined }) {
  const t = useT();
  const mark = answerMark(answer);
  if (mark === 'none') return null;
  const look = {
    saved: { color: 'green', icon: <IconCloudCheck size={12} /> },
    device: { color: 'orange', icon: <IconDeviceMobileCheck size={12} /> },
    late: { color: 'red', icon: <IconClockExclamation size={12} /> },
  }[mark];
  return (
    <Badge
      size="sm"
      variant="light"
      color={look.color}
      leftSection={look.icon}
      data-testid="save-mark"
      data-mark={mark}
    >
      {t(`examRunner.mark.${mark}`)}
    </Badge>
  );
}

interface AnswerInputProps {
  question: AnswerableQuestion;
  answer: LocalAnswer | undefined;
  locked: boolean;
  onAnswer: (questionId: number, value: AnswerValue) => void;
}

function AnswerInput({ question, answer, locked, onAnswer }: AnswerInputProps) {
  const t = useT();
  const value = answer?.answer ?? EMPTY;
  const testId = `answer-${question.question_id}`;
  const label = (option: DrawnOption) => (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text fw={600} span>
        {question.type === 'determine' ? '' : `${option.key}.`}
      </Text>
      <Html html={option.text} />
    </Group>
  );
  if (question.type === 'choice') {
    return (
      <Checkbox.Group
        value={value.choices}
        onChange={(choices) => onAnswer(question.question_id, { choices: [...choices].sort(), text: '' })}
        data-testid={testId}
      >
        <Stack gap="xs" mt="xs">
          {optionsOf(question, t).map((option) => (
            <Checkbox
              key={option.key}
              value={option.key}
              label={label(option)}
              disabled={locked}
              data-testid={`option-${question.question_id}-${option.key}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  if (question.type === 'essay') {
    return (
      <Stack gap={4}>
        <Textarea
          value={value.text}
          onChange={(event) =>
            onAnswer(question.question_id, { choices: [], text: event.currentTarget.value })
          }
          placeholder={t('examRunner.runner.essayPlaceholder')}
          autosize
          minRows={5}
          maxLength={MAX_ESSAY_CHARS}
          disabled={locked}
          aria-label={t('examRunner.runner.essayPlaceholder')}
          data-testid={testId}
        />
        <Text fz="xs" c="dimmed" ta="right" data-testid={`${testId}-chars`}>
          {t('examRunner.runner.chars', { n: value.text.length, max: MAX_ESSAY_CHARS })}
        </Text>
      </Stack>
    );
  }
  return (
    <Radio.Group
      value={value.choices[0] ?? null}
      onChange={(key) => onAnswer(question.question_id, { choices: [key], text: '' })}
      data-testid={testId}
    >
      <Stack gap="xs" mt="xs">
        {optionsOf(question, t).map((option) => (
          <Radio
            key={option.key}
            value={option.key}
            label={label(option)}
            disabled={locked}
            data-testid={`option-${question.question_id}-${option.key}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

interface QuestionViewProps {
  question: DrawnQuestion;
  number: number;
  answers: Record<string, LocalAnswer>;
  locked: boolean;
  onAnswer: (questionId: number, value: AnswerValue) => void;
}

export function QuestionView({ question, number, answers, locked, onAnswer }: QuestionViewProps) {
  const t = useT();
  const header = (
    <Group gap="xs">
      <Text fw={700}>{t('examRunner.runner.question', { n: number })}</Text>
      <Badge variant="outline" size="sm">
        {t(`examRunner.type.${question.type}`)}
      </Badge>
      <Text fz="sm" c="dimmed">
        {t('examRunner.runner.score', { n: question.score })}
      </Text>
    </Group>
  );
  if (question.type === 'material') {
    return (
      <Stack
        gap="md"
        data-testid="exam-question"
        data-question-id={question.question_id}
        data-type="material"
      >
        {header}
        <Paper withBorder p="sm" bg="gray.0">
          <Html html={question.stem} testId="question-stem" />
        </Paper>
        {question.sub_questions.map((sub, index) => (
          <Paper
            key={sub.question_id}
            withBorder
            p="sm"
            data-testid="sub-question"
            data-type={sub.type}
            data-question-id={sub.question_id}
          >
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text fw={600}>
                    ({index + 1}) {t(`examRunner.type.${sub.type}`)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('examRunner.runner.score', { n: sub.score })}
                  </Text>
                </Group>
                <SaveMarkBadge answer={answers[String(sub.question_id)]} />
              </Group>
              <Html html={sub.stem} />
              <AnswerInput
                question={sub}
                answer={answers[String(sub.question_id)]}
                locked={locked}
                onAnswer={onAnswer}
              />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  const answer = answers[String(question.question_id)];
  return (
    <Stack
      gap="sm"
      data-testid="exam-question"
      data-question-id={question.question_id}
      data-type={question.type}
    >
      <Group justify="space-between" gap="xs">
        {header}
        <SaveMarkBadge answer={answer} />
      </Group>
      <Html html={question.stem} testId="question-stem" />
      <AnswerInput question={question} answer={answer} locked={locked} onAnswer={onAnswer} />
    </Stack>
  );
}
