// /manage/examinationCenter/exam/testpaper/:id (the paper's id): its online exams, the attempts per
// candidate, blind scoring of essay and material answers, late answers, and "写入成绩单" per exam once
// every attempt is closed and scored (theory = score / total × 100; a candidate who never started is absent).
import { Alert, Badge, Button, Group, Select, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchMarkingPaper, writeScores, type MarkingExam } from '../api.ts';
import { AttemptList } from '../components/AttemptList.tsx';
import { BlindScoring } from '../components/BlindScoring.tsx';
import { LateAnswers } from '../components/LateAnswers.tsx';

const TABS = ['attempts', 'scoring', 'late', 'sheet'] as const;
type Tab = (typeof TABS)[number];

export default function MarkingPaperPage({ params }: { params?: { id?: string } }) {
  const t = useT();
  const paperId = Number(params?.id);
  const valid = Number.isInteger(paperId) && paperId > 0;
  const read = useRead(
    valid ? { key: `marking:paper:${paperId}`, fetch: () => fetchMarkingPaper(paperId) } : null,
  );
  const [examId, setExamId] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('attempts');
  if (!valid) return <Alert color="red">{t('examCenter.papers.notFound')}</Alert>;
  const paper = read.data;
  if (!paper)
    return <Text c="dimmed">{read.error ? t('examCenter.papers.notFound') : t('examCenter.loading')}</Text>;
  return (
    <Stack gap="md" data-testid="marking-paper-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz="lg">
            {paper.paper_name}
          </Title>
          <Text fz="sm" c="dimmed">
            {paper.bank_name} ·{' '}
            {t('examCenter.papers.scoreLine', { total: paper.total_score, pass: paper.pass_score })} ·{' '}
            {t('examCenter.papers.counts', { attempts: paper.attempts, toScore: paper.to_score })}
          </Text>
        </Stack>
        <Select
          label={t('examCenter.papers.exam')}
          placeholder={t('examCenter.papers.allExams')}
          clearable
          w={360}
          data={paper.exams.map((e) => ({
            value: String(e.exam_id),
            label: `${e.plan_title} · ${e.session_name}`,
          }))}
          value={examId ? String(examId) : null}
          onChange={(value) => setExamId(value ? Number(value) : null)}
          data-testid="marking-exam-filter"
        />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setTab((TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'attempts')
        }
      >
        <Tabs.List>
          <Tabs.Tab value="attempts" data-testid="marking-tab-attempts">
            {t('examCenter.tabs.attempts')}
          </Tabs.Tab>
          <Tabs.Tab
            value="scoring"
            data-testid="marking-tab-scoring"
            rightSection={
              paper.to_score ? (
                <Badge size="xs" color="orange">
                  {paper.to_score}
                </Badge>
              ) : null
            }
          >
            {t('examCenter.tabs.scoring')}
          </Tabs.Tab>
          <Tabs.Tab
            value="late"
            data-testid="marking-tab-late"
            rightSection={
              paper.late_pending ? (
                <Badge size="xs" color="red">
                  {paper.late_pending}
                </Badge>
              ) : null
            }
          >
            {t('examCenter.tabs.late')}
          </Tabs.Tab>
          <Tabs.Tab value="sheet" data-testid="marking-tab-sheet">
            {t('examCenter.tabs.sheet')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'attempts' && <AttemptList paperId={paperId} examId={examId} />}
      {tab === 'scoring' && <BlindScoring paperId={paperId} examId={examId} />}
      {tab === 'late' && <LateAnswers paperId={paperId} examId={examId} onDecided={read.refresh} />}
      {tab === 'sheet' && (
        <ScoreSheet
          exams={paper.exams.filter((e) => !examId || e.exam_id === examId)}
          onWritten={read.refresh}
        />
      )}
    </Stack>
  );
}

function ScoreSheet({ exams, onWritten }: { exams: MarkingExam[]; onWritten: () => void }) {
  const t = useT();
  const confirm = useConfirmAction();
  const [result, setResult] = useState<string | null>(null);
  const blocker = (e: MarkingExam) =>
    e.open_attempts
      ? t('examCenter.sheet.open', { n: e.open_attempts })
      : e.to_score
        ? t('examCenter.sheet.unscored', { n: e.to_score })
        : e.late_pending
          ? t('examCenter.sheet.latePending', { n: e.late_pending })
          : null;
  const ask = (e: MarkingExam) =>
    confirm.ask({
      title: t('examCenter.sheet.write'),
      message: t('examCenter.sheet.confirm', { plan: e.plan_title }),
      confirmLabel: t('examCenter.sheet.write'),
      testId: 'write-scores-dialog',
      confirmTestId: 'write-scores-confirm',
      run: async () => {
        const written = await writeScores(e.exam_id);
        const text = t('examCenter.sheet.done', { written: written.written, absent: written.absent });
        setResult(text);
        toastSuccess(text);
        onWritten();
      },
    });
  return (
    <Stack gap="sm">
      {result && (
        <Alert color="green" data-testid="write-scores-result">
          {result}
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        {t('examCenter.sheet.hint')}
      </Text>
      <Table striped data-testid="score-sheet-exams">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('examCenter.sheet.plan')}</Table.Th>
            <Table.Th>{t('examCenter.sheet.state')}</Table.Th>
            <Table.Th>{t('examCenter.sheet.attempts')}</Table.Th>
            <Table.Th>{t('examCenter.sheet.written')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exams.map((e) => {
            const why = blocker(e);
            return (
              <Table.Tr key={e.exam_id} data-testid={`score-sheet-exam-${e.exam_id}`}>
                <Table.Td>
                  <Text fz="sm">{e.plan_title}</Text>
                  <Text fz="xs" c="dimmed">
                    {e.plan_code} · {e.session_name}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`examCenter.examStates.${e.state}`)}</Table.Td>
                <Table.Td>
                  {e.attempts} / {e.candidates}
                </Table.Td>
                <Table.Td>{e.scores_written_at ? isoDateTime(e.scores_written_at) : '—'}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-end">
                    <Button
                      size="xs"
                      disabled={Boolean(why)}
                      onClick={() => ask(e)}
                      data-testid={`write-scores-${e.exam_id}`}
                    >
                      {t('examCenter.sheet.write')}
                    </Button>
                    {why && (
                      <Text fz="xs" c="orange">
                        {why}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {confirm.dialog}
    </Stack>
  );
}
