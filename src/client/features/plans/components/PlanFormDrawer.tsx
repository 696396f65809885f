// Create or edit an exam plan: occupation and level from the catalogue, the organising college, the
// registration window, exam sessions, fee (typed in yuan, sent as integer fen), capacity, pass lines, the
// materials candidates must upload and the registration form's fields. The shared schema checks the form
// before sending; the server's 422 field errors land on the same fields. Suggested sessions follow the
// registration end while untouched; a new plan like an existing one is created only once confirmed.
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Loader,
  Center,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FORM_FIELD_KEYS, MATERIAL_KEYS } from '../../../../shared/enrollments/schema.ts';
import { REGISTRATION_ERROR_CODES, planInputSchema } from '../../../../shared/plans/schema.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { createPlan, fetchPlan, updatePlan, type ExamPlanDetail, type PlanOptions } from '../api.ts';
import { formFieldLabel, levelLabel, materialLabel } from '../../../lib/plan-labels.ts';
import {
  PLAN_EDITABLE_STATES,
  emptyPlanForm,
  followRegistrationEnd,
  planFormChecks,
  planFormFromDetail,
  sessionStartErrors,
  sessionStartPaths,
  toPlanInput,
  yuanToFen,
  type LocalDateTime,
  type PlanFormValues,
  type SessionValues,
} from '../plan-form.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';

export interface PlanFormDrawerProps {
  opened: boolean;
  /** null: a new plan. */
  planId: number | null;
  options: PlanOptions | null;
  onClose: () => void;
  onSaved: (plan: ExamPlanDetail) => void;
}

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function PlanFormDrawer({ opened, planId, options, onClose, onSaved }: PlanFormDrawerProps) {
  const t = useT();
  const [loaded, setLoaded] = useState<ExamPlanDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The server's duplicate warning for the plan about to be created, while the administrator decides. */
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const {
    form,
    submitting: saving,
    handleSubmit,
  } = useSchemaForm<PlanFormValues>({
    mode: 'controlled',
    initialValues: emptyPlanForm(),
    schema: planInputSchema,
    ...planFormChecks,
  });

  useEffect(() => {
    if (!opened) return;
    setLoadError(null);
    setLoaded(null);
    form.clearErrors();
    if (planId === null) {
      form.setValues(emptyPlanForm());
      form.resetDirty();
      return;
    }
    let cancelled = false;
    fetchPlan(planId).then(
      (plan) => {
        if (cancelled) return;
        setLoaded(plan);
        const values = planFormFromDetail(plan);
        form.setValues(values);
        form.resetDirty(values);
      },
      (error: unknown) => !cancelled && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      cancelled = true;
    };
    // The form object is stable; only opening (or another plan) reloads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, planId]);

  const editing = planId !== null;
  const loading = editing && !loaded && !loadError;
  const locked = Boolean(loaded && loaded.enrolled_count > 0);
  const readOnly = Boolean(loaded && !PLAN_EDITABLE_STATES.includes(loaded.state));
  const occupation = options?.occupations.find((o) => String(o.id) === form.values.occupation_id);
  const feeFen = yuanToFen(form.values.fee_yuan);

  const save = async (values: PlanFormValues, confirmDuplicate = false) => {
    const input = toPlanInput(values);
    const saved =
      planId === null
        ? await createPlan(input, { confirm_duplicate: confirmDuplicate })
        : await updatePlan(planId, input);
    toastSuccess(t(planId === null ? 'examAffairs.plan.created' : 'examAffairs.plan.saved'));
    form.resetDirty();
    onSaved(saved);
  };

  const submit = handleSubmit((values) => save(values), {
    onError: (error) => {
      if (error instanceof ApiError && error.body?.code === REGISTRATION_ERROR_CODES.duplicatePlan)
        setDuplicate(error.message);
    },
  });

  /**
   * A new registration end: the sessions still as suggested move with it, and a session that now starts
   * before it says so on its field at once rather than at saving.
   */
  const changeRegistrationEnd = (value: LocalDateTime) => {
    const next = {
      ...form.getValues(),
      registration_ends_at: value,
      sessions: followRegistrationEnd(
        form.getValues().sessions,
        form.getValues().registration_ends_at,
        value,
      ),
    };
    form.setValues({ registration_ends_at: next.registration_ends_at, sessions: next.sessions });
    const errors = sessionStartErrors(next);
    for (const path of sessionStartPaths(next)) {
      if (errors[path]) form.setFieldError(path, errors[path]);
      else form.clearFieldError(path);
    }
  };

  const addSession = () => {
    const last = form.values.sessions.at(-1);
    const session: SessionValues = {
      kind: last?.kind === 'theory' ? 'practical' : 'theory',
      name: '',
      starts_at: last?.starts_at ?? null,
      ends_at: last?.ends_at ?? null,
    };
    form.insertListItem('sessions', session);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={720}
      title={
        <Text fw={600}>{t(editing ? 'examAffairs.plan.editTitle' : 'examAffairs.plan.createTitle')}</Text>
      }
      data-testid="plan-form-drawer"
    >
      {loading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {loadError && (
        <Alert color="red" title={t('common.loadFailed')}>
          {loadError}
        </Alert>
      )}
      {!loading && !loadError && (
        <form onSubmit={submit} noValidate data-testid="plan-form">
          <Stack gap="md">
            {readOnly && (
              <Alert color="orange" data-testid="plan-form-readonly">
                {t('examAffairs.plan.notEditable')}
              </Alert>
            )}
            {locked && !readOnly && (
              <Alert color="blue" data-testid="plan-form-locked">
                {t('examAffairs.plan.lockedByEnrollments', { n: loaded?.enrolled_count ?? 0 })}
              </Alert>
            )}
            <TextInput
              label={t('examAffairs.plan.title')}
              withAsterisk
              maxLength={200}
              {...form.getInputProps('title')}
              data-testid="plan-title-input"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('examAffairs.plan.occupation')}
                withAsterisk
                searchable
                disabled={locked}
                nothingFoundMessage={t('common.empty')}
                data={(options?.occupations ?? []).map((o) => ({
                  value: String(o.id),
                  label: `${o.name} (${o.code})`,
                }))}
                {...form.getInputProps('occupation_id')}
                onChange={(value) => {
                  form.setFieldValue('occupation_id', value);
                  const next = options?.occupations.find((o) => String(o.id) === value);
                  if (next && !next.levels.some((l) => String(l.level) === form.values.level))
                    form.setFieldValue('level', null);
                }}
                data-testid="plan-occupation-input"
              />
              <Select
                label={t('examAffairs.plan.level')}
                withAsterisk
                disabled={locked || !occupation}
                placeholder={occupation ? undefined : t('examAffairs.plan.chooseOccupationFirst')}
                data={(occupation?.levels ?? []).map((l) => ({
                  value: String(l.level),
                  label: levelLabel(t, l.level),
                }))}
                {...form.getInputProps('level')}
                data-testid="plan-level-input"
              />
              <Select
                label={t('examAffairs.plan.college')}
                withAsterisk
                searchable
                disabled={locked}
                data={(options?.colleges ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                {...form.getInputProps('organization_id')}
                data-testid="plan-college-input"
              />
            </SimpleGrid>

            <Divider label={t('examAffairs.plan.windowSection')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimePicker
                label={t('examAffairs.plan.registrationStartsAt')}
                withAsterisk
                valueFormat={DATE_TIME_FORMAT}
                {...form.getInputProps('registration_starts_at')}
                data-testid="plan-starts-input"
              />
              <DateTimePicker
                label={t('examAffairs.plan.registrationEndsAt')}
                withAsterisk
                valueFormat={DATE_TIME_FORMAT}
                {...form.getInputProps('registration_ends_at')}
                onChange={changeRegistrationEnd}
                data-testid="plan-ends-input"
              />
            </SimpleGrid>

            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500} size="sm">
                  {t('examAffairs.plan.sessions')}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={addSession}
                  data-testid="plan-session-add"
                >
                  {t('examAffairs.plan.addSession')}
                </Button>
              </Group>
              {typeof form.errors.sessions === 'string' && (
                <Text c="red" size="xs">
                  {form.errors.sessions}
                </Text>
              )}
              {form.values.sessions.length === 0 && (
                <Text size="sm" c="dimmed" data-testid="plan-sessions-empty">
                  {t('examAffairs.plan.noSessions')}
                </Text>
              )}
              {form.values.sessions.map((_session, index) => (
                <Paper key={index} withBorder p="sm" radius="md" data-testid={`plan-session-${index}`}>
                  <Group align="flex-start" gap="sm" wrap="nowrap">
                    <Stack gap="xs" style={{ flex: 1 }}>
                      <Group gap="sm" align="flex-end" wrap="wrap">
                        <SegmentedControl
                          size="xs"
                          data={[
                            { value: 'theory', label: t('examAffairs.sessionKind.theory') },
                            { value: 'practical', label: t('examAffairs.sessionKind.practical') },
                          ]}
                          {...form.getInputProps(`sessions.${index}.kind`)}
                        />
                        <TextInput
                          style={{ flex: 1 }}
                          size="xs"
                          placeholder={t('examAffairs.plan.sessionName')}
                          aria-label={t('examAffairs.plan.sessionName')}
                          {...form.getInputProps(`sessions.${index}.name`)}
                        />
                      </Group>
                      <SimpleGrid cols={2} spacing="xs">
                        <DateTimePicker
                          size="xs"
                          label={t('examAffairs.plan.sessionStartsAt')}
                          valueFormat={DATE_TIME_FORMAT}
                          {...form.getInputProps(`sessions.${index}.starts_at`)}
                        />
                        <DateTimePicker
                          size="xs"
                          label={t('examAffairs.plan.sessionEndsAt')}
                          valueFormat={DATE_TIME_FORMAT}
                          {...form.getInputProps(`sessions.${index}.ends_at`)}
                        />
                      </SimpleGrid>
                    </Stack>
                    <RowAction
                      label={t('examAffairs.plan.removeSession')}
                      icon={<IconTrash size={16} />}
                      onClick={() => form.removeListItem('sessions', index)}
                      color="red"
                    />
                  </Group>
                </Paper>
              ))}
            </Stack>

            <Divider label={t('examAffairs.plan.feeSection')} labelPosition="left" />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <NumberInput
                label={t('examAffairs.plan.feeYuan')}
                withAsterisk
                min={0}
                max={100000}
                decimalScale={2}
                prefix="¥"
                thousandSeparator=","
                description={
                  feeFen !== undefined ? t('examAffairs.plan.feeHint', { fee: formatFen(feeFen) }) : undefined
                }
                {...form.getInputProps('fee_yuan')}
                data-testid="plan-fee-input"
              />
              <NumberInput
                label={t('examAffairs.plan.capacity')}
                withAsterisk
                min={1}
                max={100000}
                allowDecimal={false}
                {...form.getInputProps('capacity')}
                data-testid="plan-capacity-input"
              />
              <NumberInput
                label={t('examAffairs.plan.passTheory')}
                min={0}
                max={100}
                allowDecimal={false}
                {...form.getInputProps('pass_theory')}
              />
              <NumberInput
                label={t('examAffairs.plan.passPractical')}
                min={0}
                max={100}
                allowDecimal={false}
                {...form.getInputProps('pass_practical')}
              />
            </SimpleGrid>

            <Checkbox.Group
              label={t('examAffairs.plan.requiredMaterials')}
              description={t('examAffairs.plan.requiredMaterialsHint')}
              {...form.getInputProps('required_materials')}
              data-testid="plan-materials-input"
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
                {MATERIAL_KEYS.map((key) => (
                  <Checkbox key={key} value={key} label={materialLabel(t, key)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>

            <Checkbox.Group
              label={t('examAffairs.plan.formFields')}
              description={t('examAffairs.plan.formFieldsHint')}
              {...form.getInputProps('form_fields')}
              data-testid="plan-form-fields-input"
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
                {FORM_FIELD_KEYS.map((key) => (
                  <Checkbox key={key} value={key} label={formFieldLabel(t, key)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>

            <Textarea
              label={t('examAffairs.plan.description')}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={5000}
              {...form.getInputProps('description')}
            />

            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={saving} disabled={readOnly} data-testid="plan-form-submit">
                {t('examAffairs.plan.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmDialog
        opened={duplicate !== null}
        title={t('examAffairs.plan.duplicateTitle')}
        message={
          <>
            {t('examAffairs.plan.duplicateQuestion')}
            <br />
            {duplicate}
          </>
        }
        confirmLabel={t('examAffairs.plan.createAnyway')}
        onConfirm={() => save(form.getValues(), true)}
        onClose={() => setDuplicate(null)}
        testId="plan-duplicate-dialog"
      />
    </Drawer>
  );
}
