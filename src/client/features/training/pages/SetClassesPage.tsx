// /manage/trainingManage/classes/setClasses?ids=1,2,3: change chosen settings of the selected classes in one
// action. Only the ticked settings change (head teacher, capacity, fee, enrolment window, completion rule,
// the next state); the server changes every class or none, and names the class that refused (a capacity
// below its enrolled count).
import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import {
  CLASS_MAX_CAPACITY,
  CLASS_STATES,
  classBatchSetSchema,
  type BatchSettingField,
  type ClassState,
} from '../../../../shared/training/schema.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { YuanInput } from '../../../lib/components/YuanInput.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchClasses, fetchTeacherOptions, setClasses } from '../api.ts';
import {
  BATCH_SET_FIELDS,
  BATCH_SETTING_FIELDS,
  batchSetRequest,
  emptyBatchSet,
  type BatchSetValues,
} from '../class-form.ts';
import { EnrolmentFields, RuleFields } from '../components/ClassFormFields.tsx';
import { StateBadge } from '../components/StateBadge.tsx';
import { CLASS_LIST_PATH, idsParam } from '../paths.ts';

export default function SetClassesPage() {
  const [search] = useSearchParams();
  const ids = idsParam(search.get('ids'));
  return (
    <LocalizedDatesProvider>
      <SetClassesForm key={ids.join(',')} ids={ids} />
    </LocalizedDatesProvider>
  );
}

function SetClassesForm({ ids }: { ids: number[] }) {
  const t = useT();
  const [, navigate] = useLocation();
  const classes = useRead(
    ids.length > 0
      ? {
          key: `classes-set:${ids.join(',')}`,
          fetch: () => fetchClasses({ page: 1, limit: 100, ids: ids.join(',') }),
        }
      : null,
  );
  const teachers = useRead({ key: 'training-teacher-options', fetch: fetchTeacherOptions }).data ?? [];
  const { form, submitting, handleSubmit } = useSchemaForm<BatchSetValues, typeof classBatchSetSchema>({
    mode: 'controlled',
    initialValues: emptyBatchSet(),
    schema: classBatchSetSchema,
    toInput: (values) => batchSetRequest(ids, values),
    fields: BATCH_SET_FIELDS,
  });
  const rows = classes.data?.data ?? [];
  const stateName = (state: ClassState) => t(`training.states.${state}`);
  const ticked = (field: BatchSettingField) => form.values.fields.includes(field);
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : null;
  };

  // The body as typed (times as ISO text), which the schema has just accepted.
  const submit = handleSubmit(async (values) => {
    const changed = await setClasses(batchSetRequest(ids, values));
    toastSuccess(t('training.batch.changed', { n: changed.data.length }));
    navigate(CLASS_LIST_PATH);
  });

  if (ids.length === 0)
    return (
      <Alert color="yellow" data-testid="classes-set-none">
        {t('training.batch.noneSelected')}
      </Alert>
    );

  const setting = (field: BatchSettingField, children: ReactNode) => (
    <Paper withBorder p="sm" radius="md" key={field}>
      <Stack gap="xs">
        <Checkbox
          label={t(`training.batch.fields.${field}`)}
          checked={ticked(field)}
          onChange={(event) =>
            form.setFieldValue(
              'fields',
              event.currentTarget.checked
                ? [...form.values.fields, field]
                : form.values.fields.filter((f) => f !== field),
            )
          }
          data-testid={`classes-set-tick-${field}`}
        />
        {ticked(field) && children}
      </Stack>
    </Paper>
  );

  return (
    <form noValidate onSubmit={submit} data-testid="classes-set-form">
      <Stack gap="md" maw={1000}>
        <Group justify="space-between">
          <Title order={1} fz="lg">
            {t('training.batch.setTitle')}
          </Title>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate(CLASS_LIST_PATH)}
          >
            {t('training.form.back')}
          </Button>
        </Group>
        <Paper withBorder p="sm" radius="md">
          <Stack gap={6}>
            <Text fz="sm" fw={500}>
              {t('training.batch.selected', { n: rows.length })}
            </Text>
            <Group gap={6} data-testid="classes-set-selected">
              {rows.map((c) => (
                <Group key={c.id} gap={4} wrap="nowrap">
                  <Badge variant="outline" style={{ textTransform: 'none' }}>
                    {c.name} · {c.enrolled_count}/{c.capacity}
                  </Badge>
                  <StateBadge state={c.state} label={stateName(c.state)} />
                </Group>
              ))}
            </Group>
            {error('ids') && (
              <Text fz="xs" c="red">
                {error('ids')}
              </Text>
            )}
          </Stack>
        </Paper>
        {BATCH_SETTING_FIELDS.map((field) => {
          switch (field) {
            case 'head_teacher':
              return setting(
                field,
                <Select
                  label={t('training.class.headTeacher')}
                  placeholder={t('training.form.noTeacher')}
                  clearable
                  searchable
                  data={teachers.map((p) => ({ value: String(p.id), label: `${p.name}（${p.phone}）` }))}
                  {...form.getInputProps('head_teacher_id')}
                  value={form.values.head_teacher_id || null}
                  onChange={(value) => form.setFieldValue('head_teacher_id', value ?? '')}
                  data-testid="classes-set-teacher"
                />,
              );
            case 'capacity':
              return setting(
                field,
                <NumberInput
                  label={t('training.class.capacity')}
                  description={t('training.batch.capacityHint')}
                  min={1}
                  max={CLASS_MAX_CAPACITY}
                  allowDecimal={false}
                  {...form.getInputProps('capacity')}
                  data-testid="classes-set-capacity"
                />,
              );
            case 'fee':
              return setting(
                field,
                <YuanInput
                  label={t('training.class.fee')}
                  description={t('training.form.feeHint')}
                  {...form.getInputProps('fee_yuan')}
                  data-testid="classes-set-fee"
                />,
              );
            case 'enrolment':
              return setting(field, <EnrolmentFields form={form} />);
            case 'rule':
              return setting(field, <RuleFields form={form} />);
            case 'state':
              return setting(
                field,
                <Select
                  label={t('training.batch.nextState')}
                  description={t('training.batch.nextStateHint')}
                  data={CLASS_STATES.filter((s) => s !== 'planned').map((s) => ({
                    value: s,
                    label: stateName(s),
                  }))}
                  {...form.getInputProps('state')}
                  value={form.values.state || null}
                  onChange={(value) =>
                    form.setFieldValue('state', CLASS_STATES.find((s) => s === value) ?? '')
                  }
                  data-testid="classes-set-state"
                />,
              );
          }
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(CLASS_LIST_PATH)}>
            {t('training.form.cancel')}
          </Button>
          <Button
            type="submit"
            loading={submitting}
            disabled={form.values.fields.length === 0 || rows.length === 0}
            data-testid="classes-set-save"
          >
            {t('training.batch.apply', { n: rows.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
