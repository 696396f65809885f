// /manage/trainingManage/financial/fix: fees per exam plan. A change needs a reason and is kept in the
// plan's fee history (a timeline); orders created before the change keep their amount.
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconHistory, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { feeUpdateSchema } from '../../../../shared/payments/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchFeeHistory, fetchFees, updateFee, type FeeChange, type PlanFee } from '../api.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

const toFen = (yuan: number | string) =>
  yuan === '' || !Number.isFinite(Number(yuan)) ? undefined : Math.round(Number(yuan) * 100);

interface FeeFormValues {
  fee: number | string;
  reason: string;
}

/** The fee form of one plan; keyed by the plan, so another plan starts from its own fee. */
function FeeEditForm({
  plan,
  onClose,
  onSaved,
  onSubmitting,
}: {
  plan: PlanFee;
  onClose: () => void;
  onSaved: (plan: PlanFee) => void;
  onSubmitting: (submitting: boolean) => void;
}) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<FeeFormValues, typeof feeUpdateSchema>({
    mode: 'controlled',
    initialValues: { fee: plan.fee_fen / 100, reason: '' },
    schema: feeUpdateSchema,
    toInput: (values) => ({ fee_fen: toFen(values.fee), reason: values.reason }),
    fields: { fee_fen: 'fee' },
  });
  useEffect(() => onSubmitting(submitting), [submitting, onSubmitting]);

  const save = handleSubmit(async (_values, input) => {
    await updateFee(plan.plan_id, input);
    toastSuccess(t('examAffairs.finance.feeSaved', { title: plan.title, fee: formatFen(input.fee_fen) }));
    onSaved(plan);
  });

  const newFen = toFen(form.values.fee);
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {plan.title}
      </Text>
      <Text size="sm" c="dimmed">
        {t('examAffairs.finance.currentFee', { fee: formatFen(plan.fee_fen) })}
      </Text>
      <NumberInput
        label={t('examAffairs.finance.newFee')}
        withAsterisk
        min={0}
        max={100000}
        decimalScale={2}
        prefix="¥"
        thousandSeparator=","
        {...form.getInputProps('fee')}
        description={
          newFen !== undefined && newFen !== plan.fee_fen
            ? t('examAffairs.finance.feeChange', { from: formatFen(plan.fee_fen), to: formatFen(newFen) })
            : undefined
        }
        data-testid="fee-input"
      />
      <Textarea
        label={t('examAffairs.finance.reason')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={200}
        {...form.getInputProps('reason')}
        data-testid="fee-reason"
      />
      <Alert color="blue" variant="light">
        {t('examAffairs.finance.existingOrdersKeep')}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button loading={submitting} onClick={() => save()} data-testid="fee-save">
          {t('examAffairs.finance.saveFee')}
        </Button>
      </Group>
    </Stack>
  );
}

function FeeEditModal({
  plan,
  onClose,
  onSaved,
}: {
  plan: PlanFee | null;
  onClose: () => void;
  onSaved: (plan: PlanFee) => void;
}) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      opened={plan !== null}
      onClose={() => !saving && onClose()}
      title={t('examAffairs.finance.editFee')}
      centered
      data-testid="fee-edit-modal"
    >
      {plan && (
        <FeeEditForm
          key={plan.plan_id}
          plan={plan}
          onClose={onClose}
          onSaved={onSaved}
          onSubmitting={setSaving}
        />
      )}
    </Modal>
  );
}

function FeeHistoryDrawer({
  plan,
  version,
  onClose,
}: {
  plan: PlanFee | null;
  version: number;
  onClose: () => void;
}) {
  const t = useT();
  const [history, setHistory] = useState<{ planId: number; items: FeeChange[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!plan) return;
    let cancelled = false;
    setError(null);
    fetchFeeHistory(plan.plan_id).then(
      (answer) => !cancelled && setHistory({ planId: plan.plan_id, items: answer.data }),
      (failure: unknown) =>
        !cancelled && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [plan, version]);

  const items = history && plan && history.planId === plan.plan_id ? history.items : null;
  return (
    <Drawer
      opened={plan !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={600}>{t('examAffairs.finance.history')}</Text>}
      data-testid="fee-history"
    >
      {plan && (
        <Text size="sm" mb="md">
          {plan.title}
        </Text>
      )}
      {error && <Alert color="red">{error}</Alert>}
      {!error && !items && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {items && items.length === 0 && <Text c="dimmed">{t('common.empty')}</Text>}
      {items && items.length > 0 && (
        <Timeline active={0} bulletSize={18} lineWidth={2} data-testid="fee-history-timeline">
          {items.map((item) => (
            <Timeline.Item
              key={item.id}
              title={
                <Text size="sm" fw={600}>
                  {item.previous_fee_fen === null
                    ? formatFen(item.fee_fen)
                    : `${formatFen(item.previous_fee_fen)} → ${formatFen(item.fee_fen)}`}
                </Text>
              }
            >
              <Text size="sm">{item.reason}</Text>
              <Text size="xs" c="dimmed" mt={4}>
                {item.changed_by_name || '—'} · {isoDateTime(item.changed_at, '{y}-{m}-{d} {h}:{i}:{s}')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}

export default function PricingPage() {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 400);
  const list = usePagedList((query) => fetchFees({ ...query, keyword: debounced || undefined }), [debounced]);
  const [editing, setEditing] = useState<PlanFee | null>(null);
  const [historyOf, setHistoryOf] = useState<PlanFee | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);

  const columns: ListColumn<PlanFee>[] = [
    {
      key: 'title',
      title: t('examAffairs.plan.title'),
      render: (row) => (
        <div>
          <Text size="sm" fw={500}>
            {row.title}
          </Text>
          <Text size="xs" c="dimmed">
            {row.code}
          </Text>
        </div>
      ),
    },
    {
      key: 'occupation',
      title: t('examAffairs.plan.occupationLevel'),
      render: (row) => (
        <Text size="sm">
          {row.occupation_name} · {t(`examAffairs.level.${row.level}`)}
        </Text>
      ),
    },
    {
      key: 'college',
      title: t('examAffairs.plan.college'),
      render: (row) => <Text size="sm">{row.organization_name}</Text>,
    },
    {
      key: 'state',
      title: t('examAffairs.plan.state'),
      render: (row) => (
        <Badge variant="light" color={row.state === 'archived' ? 'dark' : 'gray'}>
          {t(`examAffairs.planState.${row.state}`)}
        </Badge>
      ),
    },
    {
      key: 'fee',
      title: t('examAffairs.plan.fee'),
      align: 'right',
      render: (row) => (
        <Text size="sm" fw={600} data-testid={`fee-value-${row.plan_id}`}>
          {formatFen(row.fee_fen)}
        </Text>
      ),
    },
    {
      key: 'changed',
      title: t('examAffairs.finance.lastChanged'),
      render: (row) => <Text size="xs">{isoDateTime(row.last_changed_at) || '—'}</Text>,
    },
    {
      key: 'actions',
      title: t('examAffairs.common.actions'),
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip
            label={
              row.state === 'archived'
                ? t('examAffairs.finance.archivedNoChange')
                : t('examAffairs.finance.editFee')
            }
          >
            <ActionIcon
              variant="subtle"
              aria-label={t('examAffairs.finance.editFee')}
              disabled={row.state === 'archived'}
              onClick={() => setEditing(row)}
              data-testid={`fee-edit-${row.plan_id}`}
            >
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <RowAction
            label={t('examAffairs.finance.history')}
            icon={<IconHistory size={16} />}
            onClick={() => setHistoryOf(row)}
            testId={`fee-history-${row.plan_id}`}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="pricing-page">
      <Title order={2} fz="h3">
        {t('examAffairs.finance.fixTitle')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <TextInput
          w={300}
          label={t('examAffairs.filters.keyword')}
          placeholder={t('examAffairs.filters.keywordPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          data-testid="fee-keyword"
        />
      </Paper>
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(row) => row.plan_id}
        data-testid="fee-table"
      />
      <FeeEditModal
        plan={editing}
        onClose={() => setEditing(null)}
        onSaved={(plan) => {
          setEditing(null);
          list.reload();
          setHistoryVersion((v) => v + 1);
          setHistoryOf(plan);
        }}
      />
      <FeeHistoryDrawer plan={historyOf} version={historyVersion} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
