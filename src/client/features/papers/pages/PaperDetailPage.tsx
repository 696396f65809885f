// /manage/exam/testpaper/:id (`new` for a new paper): name, bank, mode, duration, pass score, partial
// credit, option shuffling and score per type; a random paper's counts per type (题目数量不能为空 when all
// are 0, checked by the shared schema here and on the server) and finer rules, with what the bank offers
// shown live; a fixed paper's picks. Saving an approved paper returns it to draft, and the page asks first.
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { QUESTION_TYPES } from '../../../../shared/exams/question-count.ts';
import { paperInputSchema, type PaperMode } from '../../../../shared/papers/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchBankStats, fetchBanks, fetchPaper, savePaper, type PaperDetail } from '../api.ts';
import { FixedPicks } from '../components/FixedPicks.tsx';
import { PaperStateBadge } from '../components/PaperStateBadge.tsx';
import { RandomRules } from '../components/RandomRules.tsx';
import {
  availabilityErrors,
  emptyPaperValues,
  estimatedTotal,
  paperBody,
  paperValues,
} from '../paper-form.ts';

const BASE = '/manage/exam/testpaper';

export default function PaperDetailPage({ params }: { params?: { id?: string } }) {
  const t = useT();
  const isNew = params?.id === 'new';
  const id = Number(params?.id);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const read = useRead(valid && !isNew ? { key: `paper-form:${id}`, fetch: () => fetchPaper(id) } : null);
  if (!valid) return <Alert color="red">{t('papers.form.notFound')}</Alert>;
  if (!isNew && !read.data)
    return <Text c="dimmed">{read.error ? t('papers.form.notFound') : t('papers.form.loading')}</Text>;
  return <PaperForm key={isNew ? 'new' : id} paper={isNew ? null : (read.data ?? null)} />;
}

function PaperForm({ paper }: { paper: PaperDetail | null }) {
  const t = useT();
  const [, navigate] = useLocation();
  const confirm = useConfirmAction();
  const banks = useRead({ key: 'paper-banks', fetch: fetchBanks }).data ?? [];
  const statsRef = useRef<Awaited<ReturnType<typeof fetchBankStats>> | undefined>(undefined);
  const { form, submitting, handleSubmit } = useSchemaForm({
    initialValues: paper ? paperValues(paper) : emptyPaperValues(),
    schema: paperInputSchema,
    toInput: paperBody,
    fields: { question_ids: 'questions' },
    refine: (values) => availabilityErrors(values, statsRef.current),
  });
  const values = form.getValues();
  const bankId = values.bank_id ? Number(values.bank_id) : null;
  const stats = useRead(
    bankId ? { key: `paper-bank-stats:${bankId}`, fetch: () => fetchBankStats(bankId) } : null,
  );
  statsRef.current = stats.data;
  const save = useWrite((body: ReturnType<typeof paperBody>) => savePaper(paper?.id ?? null, body), {
    invalidates: ['list', 'paper-check'],
  });
  const inUse = paper !== null && paper.exam_count > 0;
  const total = estimatedTotal(values);

  const submit = handleSubmit(async (current) => {
    const saved = await save.run(paperBody(current));
    toastSuccess(t('papers.form.saved'));
    if (!paper) navigate(`${BASE}/${saved.id}`, { replace: true });
    else {
      form.setValues(paperValues(saved));
      form.resetDirty(paperValues(saved));
    }
  });
  const onSave = () => {
    if (paper?.state === 'approved')
      confirm.ask({
        title: t('papers.form.confirmSaveTitle'),
        message: t('papers.form.confirmSave'),
        confirmLabel: t('papers.form.save'),
        color: 'orange',
        testId: 'paper-save-dialog',
        run: async () => submit(),
      });
    else submit();
  };

  return (
    <Stack gap="md" data-testid="test-paper-page">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} fz="lg">
            {paper ? t('papers.form.editTitle') : t('papers.form.newTitle')}
          </Title>
          {paper && <PaperStateBadge state={paper.state} testId="paper-state" />}
        </Group>
        <Anchor component={Link} href={BASE} fz="sm">
          {t('papers.form.back')}
        </Anchor>
      </Group>
      {paper?.state === 'approved' && !inUse && (
        <Alert color="orange">{t('papers.form.approvedNotice')}</Alert>
      )}
      {inUse && <Alert color="red">{t('papers.form.inUseNotice')}</Alert>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        noValidate
      >
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Text fw={500}>{t('papers.form.basics')}</Text>
              <Group align="flex-start" grow>
                <TextInput
                  label={t('papers.form.name')}
                  withAsterisk
                  maxLength={100}
                  data-testid="paper-name"
                  {...form.getInputProps('name')}
                />
                <Select
                  label={t('papers.form.bank')}
                  placeholder={t('papers.form.pickBank')}
                  withAsterisk
                  searchable
                  data={banks.map((b) => ({
                    value: String(b.id),
                    label: `${b.name}（${b.occupation_name}）`,
                  }))}
                  data-testid="paper-bank"
                  {...form.getInputProps('bank_id')}
                  onChange={(value) => {
                    form.setFieldValue('bank_id', value);
                    form.setFieldValue('questions', []);
                    form.setFieldValue(
                      'rules',
                      form.getValues().rules.map((r) => ({ ...r, category_id: null })),
                    );
                  }}
                />
              </Group>
              <Group align="flex-start">
                <Stack gap={4}>
                  <Text fz="sm" fw={500}>
                    {t('papers.form.mode')}
                  </Text>
                  <SegmentedControl
                    data={(['random', 'fixed'] as const).map((m) => ({
                      value: m,
                      label: t(`papers.modes.${m}`),
                    }))}
                    value={values.mode}
                    onChange={(value) => form.setFieldValue('mode', value as PaperMode)}
                    data-testid="paper-mode"
                  />
                </Stack>
                <NumberInput
                  label={t('papers.form.duration')}
                  withAsterisk
                  min={1}
                  max={600}
                  allowDecimal={false}
                  w={160}
                  data-testid="paper-duration"
                  {...form.getInputProps('duration_minutes')}
                />
                <NumberInput
                  label={t('papers.form.passScore')}
                  withAsterisk
                  min={0}
                  decimalScale={1}
                  w={140}
                  data-testid="paper-pass-score"
                  {...form.getInputProps('pass_score')}
                />
              </Group>
              <Group>
                <Switch
                  label={t('papers.form.partialCredit')}
                  description={t('papers.form.partialCreditHint')}
                  data-testid="paper-partial-credit"
                  {...form.getInputProps('partial_credit', { type: 'checkbox' })}
                />
                <Switch
                  label={t('papers.form.shuffleOptions')}
                  data-testid="paper-shuffle"
                  {...form.getInputProps('shuffle_options', { type: 'checkbox' })}
                />
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Text fw={500}>{t('papers.form.typeScores')}</Text>
              <Text fz="xs" c="dimmed">
                {t('papers.form.typeScoresHint')}
              </Text>
              <Group align="flex-start">
                {QUESTION_TYPES.map((type) => (
                  <NumberInput
                    key={type}
                    w={140}
                    min={0}
                    decimalScale={1}
                    label={t(`papers.types.${type}`)}
                    data-testid={`paper-type-score-${type}`}
                    {...form.getInputProps(`type_scores.${type}`)}
                  />
                ))}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            {values.mode === 'random' ? (
              <RandomRules form={form} stats={stats.data} />
            ) : (
              <FixedPicks form={form} bankId={bankId} stats={stats.data} />
            )}
          </Paper>
          <Group justify="space-between">
            <Text data-testid="paper-total">
              {t('papers.form.total')}：
              <Text span fw={600}>
                {total ?? (paper && !form.isDirty() ? paper.total_score : t('papers.form.totalUnknown'))}
              </Text>
            </Text>
            <Group>
              {paper && (
                <Button
                  variant="default"
                  component={Link}
                  href={`${BASE}/check/${paper.id}`}
                  data-testid="paper-to-check"
                >
                  {t('papers.form.check')}
                </Button>
              )}
              <Button type="submit" loading={submitting} disabled={inUse} data-testid="paper-save">
                {t('papers.form.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {confirm.dialog}
    </Stack>
  );
}
