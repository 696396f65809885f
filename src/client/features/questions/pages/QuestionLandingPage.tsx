// /manage/examinationAffairsManage/question/index: the question bank's landing. Every bank with its counts by
// type and by difficulty (a small chart), the latest changes of questions and papers (who and when, from the
// system log), and the entries to the hidden pages: banks, questions, papers, the exam centre and its plans.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconBooks,
  IconClipboardList,
  IconFileDescription,
  IconFiles,
  IconHelpCircle,
} from '@tabler/icons-react';
import { Link } from 'wouter';
import { skillLevelLabel } from '../../../../shared/plans/schema.ts';
import { QUESTION_TYPES } from '../../../../shared/questions/schema.ts';
import { failureText } from '../../../lib/data/failure-text.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchOverview, type QuestionOverview } from '../api.ts';

const ENTRIES = [
  { key: 'banks', path: '/manage/exam/question-bank', icon: IconBooks },
  { key: 'questions', path: '/manage/exam/question', icon: IconHelpCircle },
  { key: 'papers', path: '/manage/exam/testpaper', icon: IconFileDescription },
  { key: 'examCenter', path: '/manage/examinationCenter/exam/testpaper', icon: IconFiles },
  { key: 'examPlans', path: '/manage/examinationCenter/examPlanLists', icon: IconClipboardList },
] as const;

export default function QuestionLandingPage() {
  const t = useT();
  const read = useRead({ key: 'question-overview', fetch: fetchOverview });
  const overview = read.data;
  return (
    <Stack gap="md" data-testid="question-landing">
      <Title order={1} fz="lg">
        {t('questions.landing.title')}
      </Title>
      <Group gap="xs" data-testid="question-landing-entries">
        {ENTRIES.map(({ key, path, icon: Icon }) => (
          <Button
            key={key}
            component={Link}
            href={path}
            variant="light"
            leftSection={<Icon size={16} />}
            data-testid={`question-entry-${key}`}
          >
            {t(`questions.landing.entries.${key}`)}
          </Button>
        ))}
      </Group>
      {!overview ? (
        <Text c="dimmed">{read.error ? failureText(read.error) : t('questions.loading')}</Text>
      ) : (
        <>
          {overview.banks.length === 0 ? (
            <Text c="dimmed">{t('questions.banks.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {overview.banks.map((bank) => (
                <BankCard key={bank.id} bank={bank} />
              ))}
            </SimpleGrid>
          )}
          <Card withBorder>
            <Title order={2} fz="md" mb="xs">
              {t('questions.landing.recent')}
            </Title>
            {overview.recent.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('questions.landing.noRecent')}
              </Text>
            ) : (
              <Table data-testid="question-recent">
                <Table.Tbody>
                  {overview.recent.map((r, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={r.kind === 'paper' ? 'grape' : 'blue'}
                          style={{ textTransform: 'none' }}
                        >
                          {t(`questions.landing.kind.${r.kind}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.title}</Table.Td>
                      <Table.Td>{r.bank_name}</Table.Td>
                      <Table.Td>
                        <Text fz="xs" c="dimmed">
                          {r.action}
                        </Text>
                      </Table.Td>
                      <Table.Td>{r.by ?? '—'}</Table.Td>
                      <Table.Td>{isoDateTime(r.at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}

function BankCard({ bank }: { bank: QuestionOverview['banks'][number] }) {
  const t = useT();
  const byType = QUESTION_TYPES.map((type) => ({
    name: t(`questions.types.${type}`),
    count: bank.by_type[type],
  }));
  const byDifficulty = bank.by_difficulty.map((count, index) => ({ name: String(index + 1), count }));
  return (
    <Card withBorder data-testid={`landing-bank-${bank.id}`}>
      <Group justify="space-between" mb="xs">
        <Stack gap={0}>
          <Text fw={600}>{bank.name}</Text>
          <Text fz="xs" c="dimmed">
            {bank.occupation_name} · {skillLevelLabel(bank.level)}
          </Text>
        </Stack>
        <Group gap={6}>
          {!bank.enabled && <Badge color="gray">{t('questions.disabled')}</Badge>}
          <Badge variant="light" data-testid={`landing-bank-${bank.id}-total`}>
            {t('questions.banks.questionCount', { count: bank.question_count })}
          </Badge>
          <Badge variant="light" color="grape">
            {t('questions.landing.paperCount', { count: bank.paper_count })}
          </Badge>
        </Group>
      </Group>
      <Group gap="xs" mb="xs" data-testid={`landing-bank-${bank.id}-types`}>
        {QUESTION_TYPES.map((type) => (
          <Text key={type} fz="xs">
            {t(`questions.types.${type}`)} {bank.by_type[type]}
          </Text>
        ))}
      </Group>
      <SimpleGrid cols={2}>
        <BarChart
          h={140}
          data={byType}
          dataKey="name"
          series={[{ name: 'count', label: t('questions.landing.byType'), color: 'brand.6' }]}
          withTooltip
          yAxisProps={{ allowDecimals: false }}
          xAxisProps={{ fontSize: 10 }}
        />
        <BarChart
          h={140}
          data={byDifficulty}
          dataKey="name"
          series={[{ name: 'count', label: t('questions.landing.byDifficulty'), color: 'orange.6' }]}
          withTooltip
          yAxisProps={{ allowDecimals: false }}
        />
      </SimpleGrid>
    </Card>
  );
}
