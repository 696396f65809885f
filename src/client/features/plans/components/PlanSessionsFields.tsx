// The plan form's dates: the registration window and the exam sessions after it. Suggested sessions
// follow the registration end while untouched, and a session that a new end leaves behind says so on its
// field at once rather than at saving.
import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import {
  followRegistrationEnd,
  nextSession,
  sessionStartErrors,
  sessionStartPaths,
  type LocalDateTime,
  type PlanForm,
} from '../plan-form.ts';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** A new registration end: the sessions still as suggested move with it; each session start is checked anew. */
function changeRegistrationEnd(form: PlanForm, value: LocalDateTime) {
  const current = form.getValues();
  const next = {
    ...current,
    registration_ends_at: value,
    sessions: followRegistrationEnd(current.sessions, current.registration_ends_at, value),
  };
  form.setValues({ registration_ends_at: next.registration_ends_at, sessions: next.sessions });
  const errors = sessionStartErrors(next);
  for (const path of sessionStartPaths(next)) {
    if (errors[path]) form.setFieldError(path, errors[path]);
    else form.clearFieldError(path);
  }
}

export function PlanWindowFields({ form }: { form: PlanForm }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DateTimePicker
        label={t('plans.plan.registrationStartsAt')}
        withAsterisk
        valueFormat={DATE_TIME_FORMAT}
        {...form.getInputProps('registration_starts_at')}
        data-testid="plan-starts-input"
      />
      <DateTimePicker
        label={t('plans.plan.registrationEndsAt')}
        withAsterisk
        valueFormat={DATE_TIME_FORMAT}
        {...form.getInputProps('registration_ends_at')}
        onChange={(value) => changeRegistrationEnd(form, value)}
        data-testid="plan-ends-input"
      />
    </SimpleGrid>
  );
}

function PlanSessionRow({ form, index }: { form: PlanForm; index: number }) {
  const t = useT();
  const path = `sessions.${index}`;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`plan-session-${index}`}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap="xs" style={{ flex: 1 }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              size="xs"
              data={[
                { value: 'theory', label: t('plans.sessionKind.theory') },
                { value: 'practical', label: t('plans.sessionKind.practical') },
              ]}
              {...form.getInputProps(`${path}.kind`)}
            />
            <TextInput
              style={{ flex: 1 }}
              size="xs"
              placeholder={t('plans.plan.sessionName')}
              aria-label={t('plans.plan.sessionName')}
              {...form.getInputProps(`${path}.name`)}
            />
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <DateTimePicker
              size="xs"
              label={t('plans.plan.sessionStartsAt')}
              valueFormat={DATE_TIME_FORMAT}
              {...form.getInputProps(`${path}.starts_at`)}
            />
            <DateTimePicker
              size="xs"
              label={t('plans.plan.sessionEndsAt')}
              valueFormat={DATE_TIME_FORMAT}
              {...form.getInputProps(`${path}.ends_at`)}
            />
          </SimpleGrid>
        </Stack>
        <RowAction
          label={t('plans.plan.removeSession')}
          icon={<IconTrash size={16} />}
          onClick={() => form.removeListItem('sessions', index)}
          color="red"
        />
      </Group>
    </Paper>
  );
}

export function PlanSessionsField({ form }: { form: PlanForm }) {
  const t = useT();
  const { sessions } = form.values;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {t('plans.plan.sessions')}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('sessions', nextSession(sessions))}
          data-testid="plan-session-add"
        >
          {t('plans.plan.addSession')}
        </Button>
      </Group>
      {typeof form.errors.sessions === 'string' && (
        <Text c="red" size="xs">
          {form.errors.sessions}
        </Text>
      )}
      {sessions.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="plan-sessions-empty">
          {t('plans.plan.noSessions')}
        </Text>
      )}
      {sessions.map((_session, index) => (
        <PlanSessionRow key={index} form={form} index={index} />
      ))}
    </Stack>
  );
}
