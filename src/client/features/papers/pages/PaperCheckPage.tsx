// /manage/exam/testpaper/check/:id: a paper checked before use: total score, counts and scores per type
// (table and chart), shortages, a sample draw as a candidate sees it with the key marked ("再抽一次" draws
// with a new seed), and the approve step (refused with the reason while there are problems); an approved
// paper shows who approved it and when, and its approval can be withdrawn while no online exam uses it.
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { QUESTION_TYPES } from '../../../../shared/exams/question-count.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { approvePaper, checkPaper, withdrawPaper } from '../api.ts';
import { PaperStateBadge } from '../components/PaperStateBadge.tsx';
import { SamplePaper } from '../components/SamplePaper.tsx';

const TypeCountsChart = lazy(() => import('../components/TypeCountsChart.tsx'));
const BASE = '/manage/exam/testpaper';

const newSeed = () => Math.random().toString(36).slice(2, 10);

export default function PaperCheckPage({ params }: { params?: { id?: string } }) {
  const t = useT();
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const [seed, setSeed] = useState(newSeed);
  const read = useRead(
    valid ? { key: `paper-check:${id}:${seed}`, fetch: () => checkPaper(id, seed) } : null,
    {
      keepPrevious: true,
    },
  );
  const confirm = useConfirmAction();
  const approve = useWrite(() => approvePaper(id), {
    invalidates: ['paper-check', 'list', `paper-form:${id}`],
  });
  const withdraw = useWrite(() => withdrawPaper(id), {
    invalidates: ['paper-check', 'list', `paper-form:${id}`],
  });
  if (!valid) return <Alert color="red">{t('papers.form.notFound')}</Alert>;
  const check = read.data;
  if (!check)
    return <Text c="dimmed">{read.error ? t('papers.form.notFound') : t('papers.form.loading')}</Text>;
  const { paper } = check;
  const approved = paper.state === 'approved';

  const askApprove = () =>
    confirm.ask({
      title: t('papers.check.approve'),
      message: t('papers.check.confirmApprove', { name: paper.name }),
      confirmLabel: t('papers.check.approve'),
      color: 'green',
      testId: 'paper-approve-dialog',
      confirmTestId: 'paper-approve-confirm',
      run: async () => {
        await approve.run();
        toastSuccess(t('papers.check.approved'));
      },
    });
  const askWithdraw = () =>
    confirm.ask({
      title: t('papers.check.withdraw'),
      message: t('papers.check.confirmWithdraw', { name: paper.name }),
      confirmLabel: t('papers.check.withdraw'),
      color: 'orange',
      testId: 'paper-withdraw-dialog',
      run: async () => {
        await withdraw.run();
        toastSuccess(t('papers.check.withdrawn'));
      },
    });

  return (
    <Stack gap="md" data-testid="test-paper-check-page">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1} fz="lg">
              {t('papers.check.title')}：{paper.name}
            </Title>
            <PaperStateBadge state={paper.state} testId="paper-check-state" />
          </Group>
          <Text fz="sm" c="dimmed">
            {paper.bank_name} · {paper.occupation_name} · {t(`papers.modes.${paper.mode}`)}
            {approved && paper.approved_at
              ? ` · ${t('papers.check.approvedBy', { name: paper.approved_by_name ?? '—', at: isoDateTime(paper.approved_at) })}`
              : ''}
          </Text>
        </Stack>
        <Group>
          <Anchor component={Link} href={BASE} fz="sm">
            {t('papers.check.back')}
          </Anchor>
          <Button variant="default" component={Link} href={`${BASE}/${paper.id}`}>
            {t('papers.check.edit')}
          </Button>
          {approved ? (
            <Button
              color="orange"
              variant="light"
              disabled={paper.exam_count > 0}
              title={paper.exam_count > 0 ? t('papers.check.inUse', { n: paper.exam_count }) : undefined}
              onClick={askWithdraw}
              data-testid="paper-withdraw"
            >
              {t('papers.check.withdraw')}
            </Button>
          ) : (
            <Button
              color="green"
              disabled={check.approval_problems.length > 0}
              onClick={askApprove}
              data-testid="paper-approve"
            >
              {t('papers.check.approve')}
            </Button>
          )}
        </Group>
      </Group>

      {check.approval_problems.length > 0 && (
        <Alert color="red" title={t('papers.check.problems')} data-testid="paper-problems">
          <List size="sm">
            {check.approval_problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Group gap="xl">
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('papers.check.total')}
                </Text>
                <Text fw={700} fz="xl" data-testid="paper-check-total">
                  {check.total_score_min === check.total_score_max
                    ? check.total_score_min
                    : t('papers.check.totalRange', {
                        min: check.total_score_min,
                        max: check.total_score_max,
                      })}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('papers.check.passScore')}
                </Text>
                <Text fw={700} fz="xl">
                  {paper.pass_score}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text fz="xs" c="dimmed">
                  {t('papers.check.duration')}
                </Text>
                <Text fw={700} fz="xl">
                  {t('papers.list.minutes', { n: paper.duration_minutes })}
                </Text>
              </Stack>
            </Group>
            <Table withTableBorder data-testid="paper-check-counts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('papers.check.type')}</Table.Th>
                  <Table.Th>{t('papers.check.count')}</Table.Th>
                  <Table.Th>{t('papers.check.score')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {QUESTION_TYPES.map((type) => (
                  <Table.Tr key={type}>
                    <Table.Td>{t(`papers.types.${type}`)}</Table.Td>
                    <Table.Td>{check.counts[type]}</Table.Td>
                    <Table.Td>{check.scores_by_type[type]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Text fw={500} mb="xs">
            {t('papers.check.counts')}
          </Text>
          <Suspense fallback={null}>
            <TypeCountsChart check={check} />
          </Suspense>
          <Text fw={500} mt="sm">
            {t('papers.check.shortages')}
          </Text>
          {check.shortages.length === 0 ? (
            <Text fz="sm" c="green">
              {t('papers.check.noShortages')}
            </Text>
          ) : (
            <List size="sm" c="red" data-testid="paper-shortages">
              {check.shortages.map((s) => (
                <List.Item key={`${s.path}:${s.message}`}>{s.message}</List.Item>
              ))}
            </List>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Text fw={500}>{t('papers.check.sample')}</Text>
            <Text fz="xs" c="dimmed">
              {t('papers.check.seed', { seed: check.seed })}
            </Text>
          </Group>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={read.refreshing}
            disabled={!check.sample}
            onClick={() => setSeed(newSeed())}
            data-testid="paper-redraw"
          >
            {t('papers.check.redraw')}
          </Button>
        </Group>
        {check.sample ? (
          <SamplePaper questions={check.sample.questions} answerKey={check.sample_key} />
        ) : (
          <Text c="dimmed">{t('papers.check.noSample')}</Text>
        )}
      </Paper>
      {confirm.dialog}
    </Stack>
  );
}
