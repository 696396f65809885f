// Blind scoring: one essay / material answer at a time, the candidate shown only as `考生 #…`, with the
// question, reference answer and the maximum; the examiner types the score (0..max, steps of 0.5) and a
// comment. Keyboard: digits into the score, Enter saves and goes to the next unscored answer, J / K move.
// A save names the scored_at it saw, so another examiner's newer score is never silently overwritten.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Kbd,
  NumberInput,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchMarkingAnswer, fetchQueue, saveScore, type MarkingAnswer } from '../api.ts';
import { checkScore, firstToScore, markingKey, nextAfterSave } from '../marking.ts';
import { RichStem } from './RichStem.tsx';

export function BlindScoring({ paperId, examId }: { paperId: number; examId: number | null }) {
  const t = useT();
  const [questionId, setQuestionId] = useState<number | null>(null);
  const queue = useRead(
    {
      key: `marking-queue:${paperId}:${examId ?? ''}:${questionId ?? ''}`,
      fetch: () => fetchQueue(paperId, { exam_id: examId, question_id: questionId }),
    },
    { keepPrevious: true },
  );
  const items = queue.data?.items ?? [];
  const [index, setIndex] = useState(-1);
  const started = useRef(false);
  useEffect(() => {
    started.current = false;
    setIndex(-1);
  }, [examId, questionId]);
  useEffect(() => {
    if (!queue.data || started.current) return;
    started.current = true;
    setIndex(firstToScore(queue.data.items));
  }, [queue.data]);

  const current = index >= 0 ? items[index] : undefined;
  const move = (to: number) => {
    if (!items.length) return;
    setIndex(Math.max(0, Math.min(items.length - 1, to)));
  };

  return (
    <Stack gap="sm" data-testid="blind-scoring">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('examCenter.scoring.question')}
          placeholder={t('examCenter.scoring.allQuestions')}
          clearable
          w={420}
          data={(queue.data?.questions ?? []).map((q) => ({
            value: String(q.question_id),
            label: `${q.label}（${q.scored}/${q.total}）`,
          }))}
          value={questionId ? String(questionId) : null}
          onChange={(value) => setQuestionId(value ? Number(value) : null)}
          data-testid="scoring-question"
        />
        {queue.data && (
          <Stack gap={2} w={220}>
            <Text fz="sm" ta="right" data-testid="scoring-progress">
              {t('examCenter.scoring.progress', { scored: queue.data.scored, total: queue.data.total })}
            </Text>
            <Progress value={queue.data.total ? (queue.data.scored / queue.data.total) * 100 : 0} />
          </Stack>
        )}
      </Group>
      {queue.data && !items.length && (
        <Text c="dimmed" data-testid="scoring-empty">
          {t('examCenter.scoring.empty')}
        </Text>
      )}
      {current && (
        <AnswerCard
          key={current.answer_id}
          answerId={current.answer_id}
          position={index + 1}
          count={items.length}
          onMove={(step) => move(index + step)}
          onSaved={(answerId) => {
            const after = items.map((i) => (i.answer_id === answerId ? { ...i, scored: true } : i));
            setIndex(nextAfterSave(after, index));
            queue.refresh();
          }}
        />
      )}
      <Text fz="xs" c="dimmed">
        <Kbd>0</Kbd>–<Kbd>9</Kbd> {t('examCenter.scoring.keysScore')} · <Kbd>Enter</Kbd>{' '}
        {t('examCenter.scoring.keysSave')} · <Kbd>J</Kbd> / <Kbd>K</Kbd> {t('examCenter.scoring.keysMove')}
      </Text>
    </Stack>
  );
}

interface AnswerCardProps {
  answerId: number;
  position: number;
  count: number;
  onMove: (step: number) => void;
  onSaved: (answerId: number) => void;
}

function AnswerCard({ answerId, position, count, onMove, onSaved }: AnswerCardProps) {
  const t = useT();
  const read = useRead({ key: `marking-answer:${answerId}`, fetch: () => fetchMarkingAnswer(answerId) });
  const answer: MarkingAnswer | undefined = read.data;
  const [score, setScore] = useState<number | string>('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const scoreInput = useRef<HTMLInputElement>(null);
  const save = useWrite(
    (input: { score: number; comment: string }) =>
      saveScore(answerId, { ...input, expected_scored_at: answer?.scored_at ?? null }),
    { invalidates: ['marking'] },
  );

  useEffect(() => {
    if (!answer) return;
    setScore(answer.examiner_score ?? '');
    setComment(answer.examiner_comment);
    scoreInput.current?.focus();
    scoreInput.current?.select();
  }, [answer]);

  const submit = async () => {
    if (!answer || save.running) return;
    const checked = checkScore(score, answer.max_score);
    if (!checked.ok) {
      setProblem(t(`examCenter.scoring.invalid.${checked.reason}`, { max: answer.max_score }));
      return;
    }
    setProblem(null);
    try {
      await save.run({ score: checked.score, comment });
      toastSuccess(t('examCenter.scoring.saved'));
      onSaved(answerId);
    } catch {
      // A 409 (another examiner scored it) or a 422: the toast says why; show the latest score.
      read.refresh();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const inTextArea = target.tagName === 'TEXTAREA';
    const action = markingKey(event, inTextArea);
    if (!action) {
      if (/^[0-9]$/.test(event.key) && target.tagName !== 'INPUT' && !inTextArea) {
        event.preventDefault();
        setScore(event.key);
        scoreInput.current?.focus();
      }
      return;
    }
    event.preventDefault();
    if (action === 'save') void submit();
    else onMove(action === 'next' ? 1 : -1);
  };

  if (!answer) return <Text c="dimmed">{t('examCenter.loading')}</Text>;
  return (
    <Card
      withBorder
      padding="md"
      onKeyDown={onKeyDown}
      tabIndex={-1}
      data-max-score={answer.max_score}
      data-testid="scoring-card"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light" style={{ textTransform: 'none' }} data-testid="scoring-candidate">
              {answer.candidate}
            </Badge>
            <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
              {t(`examCenter.types.${answer.type}`)}
            </Badge>
            {answer.source === 'file' && (
              <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                {t('examCenter.scoring.fromFile')}
              </Badge>
            )}
            {answer.examiner_score !== null && (
              <Badge color="green" variant="light" style={{ textTransform: 'none' }}>
                {t('examCenter.scoring.scoredAs', { score: answer.examiner_score })}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed" data-testid="scoring-position">
            {position} / {count}
          </Text>
        </Group>
        {answer.material && (
          <Paper withBorder p="xs" bg="gray.0">
            <Text fz="xs" c="dimmed" mb={4}>
              {t('examCenter.scoring.material')}
            </Text>
            <RichStem html={answer.material} />
          </Paper>
        )}
        <RichStem html={answer.stem} testId="scoring-stem" />
        {answer.options.length > 0 && (
          <Stack gap={2}>
            {answer.options.map((o) => (
              <Text key={o.key} fz="sm" fw={answer.right_choices.includes(o.key) ? 600 : 400}>
                {o.key}. {o.text}
              </Text>
            ))}
          </Stack>
        )}
        <Paper withBorder p="sm">
          <Text fz="xs" c="dimmed" mb={4}>
            {t('examCenter.scoring.answer')}
          </Text>
          {answer.choices.length > 0 && (
            <Text fz="sm" fw={600}>
              {answer.choices.join('、')}
            </Text>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="scoring-answer">
            {answer.text || (answer.choices.length ? '' : t('examCenter.scoring.blank'))}
          </Text>
        </Paper>
        <Paper withBorder p="sm" bg="green.0">
          <Text fz="xs" c="dimmed" mb={4}>
            {t('examCenter.scoring.reference')}
            {answer.right_choices.length > 0 && ` · ${answer.right_choices.join('、')}`}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {answer.reference_answer || '—'}
          </Text>
        </Paper>
        <Group align="flex-start" grow>
          <NumberInput
            ref={scoreInput}
            label={t('examCenter.scoring.score', { max: answer.max_score })}
            min={0}
            max={answer.max_score}
            step={0.5}
            decimalScale={1}
            value={score}
            onChange={setScore}
            error={problem}
            data-testid="scoring-score"
          />
          <Textarea
            label={t('examCenter.scoring.comment')}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-testid="scoring-comment"
          />
        </Group>
        {answer.analysis && (
          <Alert color="gray" title={t('examCenter.scoring.analysis')}>
            {answer.analysis}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => onMove(-1)}
              disabled={position <= 1}
              data-testid="scoring-prev"
            >
              {t('examCenter.scoring.previous')}
            </Button>
            <Button
              variant="default"
              onClick={() => onMove(1)}
              disabled={position >= count}
              data-testid="scoring-next"
            >
              {t('examCenter.scoring.next')}
            </Button>
          </Group>
          <Button onClick={() => void submit()} loading={save.running} data-testid="scoring-save">
            {t('examCenter.scoring.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
