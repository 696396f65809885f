// The class form's fields, shared by the class page (add, set) and the batch-create page: the project and
// the college (the project's when it has one), the head teacher (exam staff of role teacher), dates,
// capacity, fee in yuan, enrolment window, completion rule, description, courses in order and the schedule
// of sessions (a session with check-ins cannot be removed).
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CLASS_MAX_CAPACITY } from '../../../../shared/training/schema.ts';
import { YuanInput } from '../../../lib/components/YuanInput.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { nextSessionRow, type ClassFormValues } from '../class-form.ts';
import { CourseOrderField, type CourseChoice } from './CourseOrderField.tsx';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export interface ClassFormChoices {
  projects: { id: number; name: string; organization_id: number | null; state: string }[];
  colleges: { id: number; name: string }[];
  teachers: { id: number; name: string; phone: string }[];
  courses: CourseChoice[];
  /** Courses the class already has (their titles when no longer offered). */
  knownCourses?: CourseChoice[];
}

export type ClassForm = UseFormReturnType<ClassFormValues>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function ClassFormFields({
  form,
  choices,
  nameField,
}: {
  form: ClassForm;
  choices: ClassFormChoices;
  /** The name input (one class) or the name pattern and count (a batch). */
  nameField: ReactNode;
}) {
  const t = useT();
  const project = choices.projects.find((p) => String(p.id) === form.values.project_id);
  const projectCollege = project?.organization_id ?? null;
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : null;
  };

  return (
    <Stack gap="md">
      <Section title={t('training.form.basics')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('training.class.project')}
            required
            searchable
            data={choices.projects.map((p) => ({
              value: String(p.id),
              label: p.name,
              disabled: p.state !== 'active' && String(p.id) !== form.values.project_id,
            }))}
            {...form.getInputProps('project_id')}
            value={form.values.project_id || null}
            onChange={(value) => {
              const picked = choices.projects.find((p) => String(p.id) === value);
              form.setValues({
                project_id: value ?? '',
                ...(picked?.organization_id ? { organization_id: String(picked.organization_id) } : {}),
              });
            }}
            data-testid="class-form-project"
          />
          <Select
            label={t('training.class.college')}
            description={projectCollege ? t('training.form.collegeFromProject') : undefined}
            required
            searchable
            disabled={projectCollege !== null}
            data={choices.colleges.map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.getInputProps('organization_id')}
            value={form.values.organization_id || null}
            onChange={(value) => form.setFieldValue('organization_id', value ?? '')}
            data-testid="class-form-college"
          />
        </SimpleGrid>
        {nameField}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('training.class.headTeacher')}
            placeholder={t('training.form.noTeacher')}
            clearable
            searchable
            data={choices.teachers.map((p) => ({ value: String(p.id), label: `${p.name}（${p.phone}）` }))}
            {...form.getInputProps('head_teacher_id')}
            value={form.values.head_teacher_id || null}
            onChange={(value) => form.setFieldValue('head_teacher_id', value ?? '')}
            nothingFoundMessage={t('training.form.noTeachers')}
            data-testid="class-form-teacher"
          />
          <DatePickerInput
            type="range"
            label={t('training.class.dates')}
            required
            allowSingleDateInRange
            valueFormat="YYYY-MM-DD"
            value={[form.values.starts_on || null, form.values.ends_on || null]}
            onChange={([start, end]) => form.setValues({ starts_on: start ?? '', ends_on: end ?? '' })}
            error={error('starts_on') ?? error('ends_on')}
            data-testid="class-form-dates"
          />
          <NumberInput
            label={t('training.class.capacity')}
            required
            min={1}
            max={CLASS_MAX_CAPACITY}
            allowDecimal={false}
            {...form.getInputProps('capacity')}
            data-testid="class-form-capacity"
          />
          <YuanInput
            label={t('training.class.fee')}
            description={t('training.form.feeHint')}
            required
            {...form.getInputProps('fee_yuan')}
            data-testid="class-form-fee"
          />
        </SimpleGrid>
        <Textarea
          label={t('training.form.description')}
          autosize
          minRows={2}
          maxLength={5000}
          {...form.getInputProps('description')}
          data-testid="class-form-description"
        />
      </Section>

      <Section title={t('training.form.enrolAndRule')}>
        <EnrolmentFields form={form} />
        <RuleFields form={form} />
      </Section>

      <Section title={t('training.form.courses')}>
        <CourseOrderField
          label={t('training.form.coursesHint')}
          value={form.values.course_ids}
          onChange={(ids) => form.setFieldValue('course_ids', ids)}
          options={choices.courses}
          known={choices.knownCourses}
          error={error('course_ids')}
          testId="class-form-courses"
        />
      </Section>

      <Section title={t('training.form.sessions')}>
        <SessionRows form={form} />
      </Section>
    </Stack>
  );
}

/** The enrolment window (both ends optional), as the class form and the batch settings take it. */
export function EnrolmentFields<V extends Pick<ClassFormValues, 'enrol_opens_at' | 'enrol_closes_at'>>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DateTimePicker
        label={t('training.class.enrolOpensAt')}
        description={t('training.form.enrolHint')}
        clearable
        valueFormat={DATE_TIME_FORMAT}
        {...form.getInputProps('enrol_opens_at')}
        data-testid="class-form-enrol-opens"
      />
      <DateTimePicker
        label={t('training.class.enrolClosesAt')}
        clearable
        valueFormat={DATE_TIME_FORMAT}
        {...form.getInputProps('enrol_closes_at')}
        data-testid="class-form-enrol-closes"
      />
    </SimpleGrid>
  );
}

type RuleValues = Pick<
  ClassFormValues,
  'rule_progress_percent' | 'rule_attendance_percent' | 'with_test' | 'rule_test_pass_score'
>;

/** The completion rule: progress %, attendance % and, when the class has a test, its pass score. */
export function RuleFields<V extends RuleValues>({ form }: { form: UseFormReturnType<V> }) {
  const t = useT();
  const values = form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <NumberInput
        label={t('training.class.ruleProgress')}
        suffix=" %"
        min={0}
        max={100}
        allowDecimal={false}
        {...form.getInputProps('rule_progress_percent')}
        data-testid="class-form-rule-progress"
      />
      <NumberInput
        label={t('training.class.ruleAttendance')}
        suffix=" %"
        min={0}
        max={100}
        allowDecimal={false}
        {...form.getInputProps('rule_attendance_percent')}
        data-testid="class-form-rule-attendance"
      />
      <Stack gap={4}>
        <Checkbox
          label={t('training.class.ruleTest')}
          {...form.getInputProps('with_test', { type: 'checkbox' })}
          data-testid="class-form-rule-with-test"
        />
        <NumberInput
          aria-label={t('training.class.ruleTestScore')}
          placeholder={t('training.class.ruleTestScore')}
          min={0}
          max={100}
          allowDecimal={false}
          disabled={!values.with_test}
          {...form.getInputProps('rule_test_pass_score')}
          data-testid="class-form-rule-test"
        />
      </Stack>
    </SimpleGrid>
  );
}

function SessionRows({ form }: { form: ClassForm }) {
  const t = useT();
  const sessions = form.values.sessions;
  return (
    <Stack gap="xs" data-testid="class-form-sessions">
      {sessions.length === 0 && (
        <Text fz="xs" c="dimmed">
          {t('training.form.noSessions')}
        </Text>
      )}
      {sessions.map((session, index) => {
        const path = `sessions.${index}`;
        const locked = session.attendance_count > 0;
        return (
          <Paper
            key={session.id ?? `new-${index}`}
            withBorder
            p="xs"
            radius="sm"
            data-testid={`session-row-${index}`}
          >
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs" style={{ flex: 1 }}>
                <TextInput
                  size="xs"
                  label={t('training.session.title')}
                  required
                  maxLength={100}
                  {...form.getInputProps(`${path}.title`)}
                  data-testid={`session-title-${index}`}
                />
                <TextInput
                  size="xs"
                  label={t('training.session.place')}
                  maxLength={100}
                  {...form.getInputProps(`${path}.place`)}
                  data-testid={`session-place-${index}`}
                />
                <DateTimePicker
                  size="xs"
                  label={t('training.session.startsAt')}
                  required
                  valueFormat={DATE_TIME_FORMAT}
                  {...form.getInputProps(`${path}.starts_at`)}
                  data-testid={`session-starts-${index}`}
                />
                <DateTimePicker
                  size="xs"
                  label={t('training.session.endsAt')}
                  required
                  valueFormat={DATE_TIME_FORMAT}
                  {...form.getInputProps(`${path}.ends_at`)}
                  data-testid={`session-ends-${index}`}
                />
              </SimpleGrid>
              <Tooltip label={locked ? t('training.session.locked') : t('training.session.remove')}>
                <ActionIcon
                  mt={22}
                  variant="subtle"
                  color="red"
                  aria-label={t('training.session.remove')}
                  disabled={locked}
                  onClick={() => form.removeListItem('sessions', index)}
                  data-testid={`session-remove-${index}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
      <Button
        variant="light"
        size="compact-sm"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => form.insertListItem('sessions', nextSessionRow(form.getValues()))}
        data-testid="session-add"
      >
        {t('training.session.add')}
      </Button>
    </Stack>
  );
}
