// The programs tab of the class list: certification tracks (occupation + level) with their required courses,
// the exam plans that certify them and whether they are enabled. Founder and manager create and edit them
// in a drawer; a college administrator reads them.
import { MultiSelect, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useEffect } from 'react';
import { programInputSchema } from '../../../../shared/training/schema.ts';
import { OccupationLevelSelect } from '../../../lib/components/OccupationLevelSelect.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { FilterBar, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  fetchCourseOptions,
  fetchPlanOptions,
  fetchPrograms,
  fetchTrainingLookups,
  saveProgram,
  type ProgramInput,
  type ProgramView,
} from '../api.ts';
import { CourseOrderField } from './CourseOrderField.tsx';

interface ProgramFormValues {
  name: string;
  occupation_id: string;
  level: string;
  description: string;
  course_ids: string[];
  plan_ids: string[];
  enabled: boolean;
}

const emptyProgramForm = (): ProgramFormValues => ({
  name: '',
  occupation_id: '',
  level: '',
  description: '',
  course_ids: [],
  plan_ids: [],
  enabled: true,
});

const programRequest = (values: ProgramFormValues): ProgramInput => ({
  name: values.name,
  occupation_id: values.occupation_id ? Number(values.occupation_id) : Number.NaN,
  level: values.level ? Number(values.level) : Number.NaN,
  description: values.description,
  course_ids: values.course_ids.map(Number),
  plan_ids: values.plan_ids.map(Number),
  enabled: values.enabled,
});

export function ProgramsTab({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'programs',
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchPrograms({ page, limit, keyword: filters.keyword }),
  });
  const editing = useEditing<ProgramView>();

  const columns: ListPageColumn<ProgramView>[] = [
    {
      accessor: 'name',
      title: t('training.programs.name'),
      render: (p) => (
        <Text fz="sm" fw={500} data-testid={`program-row-${p.id}`}>
          {p.name}
        </Text>
      ),
    },
    {
      accessor: 'occupation_name',
      title: t('training.programs.occupation'),
      render: (p) => `${p.occupation_name} · ${p.level_name}`,
    },
    {
      accessor: 'courses',
      title: t('training.programs.courses'),
      render: (p) => (p.courses.length ? p.courses.map((c) => c.title).join('、') : '—'),
    },
    {
      accessor: 'plans',
      title: t('training.programs.plans'),
      render: (p) => (p.plans.length ? p.plans.map((plan) => plan.code).join('、') : '—'),
    },
    { accessor: 'project_count', title: t('training.programs.projectCount') },
    enabledColumn({
      title: t('training.programs.state'),
      enabledLabel: t('training.programs.enabled'),
      disabledLabel: t('training.programs.disabled'),
    }),
    actionsColumn((p) =>
      canWrite
        ? [
            {
              key: 'edit',
              label: t('training.programs.edit'),
              icon: <IconEdit size={16} />,
              onClick: () => editing.edit(p),
              testId: `program-edit-${p.id}`,
            },
          ]
        : [],
    ),
  ];

  return (
    <Stack gap="md">
      <FilterBar
        list={list}
        actions={
          canWrite ? (
            <AddButton onClick={editing.add} testId="program-add">
              {t('training.programs.add')}
            </AddButton>
          ) : undefined
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('training.programs.search')}
          aria-label={t('training.programs.search')}
          w={240}
          data-testid="program-search"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('training.programs.empty')}</Text>}
        data-testid="program-table"
      />
      {canWrite && (
        <ProgramFormDrawer
          program={editing.value}
          onClose={editing.close}
          onSaved={editing.saved(list.reload)}
        />
      )}
    </Stack>
  );
}

function ProgramFormDrawer({
  program,
  onClose,
  onSaved,
}: {
  program: ProgramView | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const occupations =
    useRead({ key: 'training-lookups', fetch: fetchTrainingLookups }).data?.occupations ?? [];
  const courses = useRead({ key: 'training-course-options', fetch: fetchCourseOptions }).data ?? [];
  const { form, submitting, handleSubmit } = useSchemaForm<ProgramFormValues, typeof programInputSchema>({
    mode: 'controlled',
    initialValues: emptyProgramForm(),
    schema: programInputSchema,
    toInput: programRequest,
  });
  const { occupation_id: occupationId, level } = form.values;
  const plans =
    useRead(
      occupationId && level
        ? {
            key: `training-plan-options:${occupationId}:${level}`,
            fetch: () => fetchPlanOptions(Number(occupationId), Number(level)),
          }
        : null,
    ).data ?? [];

  useEffect(() => {
    if (!program) return;
    const values =
      program === 'new'
        ? emptyProgramForm()
        : {
            name: program.name,
            occupation_id: String(program.occupation_id),
            level: String(program.level),
            description: program.description,
            course_ids: program.courses.map((c) => String(c.id)),
            plan_ids: program.plans.map((p) => String(p.id)),
            enabled: program.enabled,
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another program (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [program]);

  const submit = handleSubmit(async (_values, input) => {
    await saveProgram(program && program !== 'new' ? program.id : null, input);
    toastSuccess(t('training.saved'));
    onSaved();
  });
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : null;
  };
  const knownPlans = program && program !== 'new' ? program.plans : [];

  return (
    <FormDrawer
      opened={program !== null}
      onClose={onClose}
      title={program === 'new' ? t('training.programs.add') : t('training.programs.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('training.save')}
      submitTestId="program-save"
      size="lg"
      data-testid="program-form"
    >
      <TextInput
        label={t('training.programs.name')}
        required
        maxLength={100}
        {...form.getInputProps('name')}
        data-testid="program-name"
      />
      <OccupationLevelSelect
        occupations={occupations}
        occupation_id={occupationId}
        level={level}
        onChange={(value) => form.setValues({ ...value, plan_ids: [] })}
        labels={{
          occupation: t('training.programs.occupation'),
          level: t('training.programs.level'),
          pickOccupation: t('training.programs.pickOccupation'),
        }}
        required
        occupationError={error('occupation_id')}
        levelError={error('level')}
        testIdPrefix="program"
      />
      <CourseOrderField
        label={t('training.programs.courses')}
        value={form.values.course_ids}
        onChange={(ids) => form.setFieldValue('course_ids', ids)}
        options={courses}
        known={program && program !== 'new' ? program.courses : []}
        error={error('course_ids')}
        testId="program-courses"
      />
      <MultiSelect
        label={t('training.programs.plans')}
        description={t('training.programs.plansHint')}
        placeholder={occupationId && level ? undefined : t('training.programs.pickLevelFirst')}
        disabled={!occupationId || !level}
        searchable
        data={[
          ...plans.map((p) => ({ value: String(p.id), label: `${p.code} ${p.title}` })),
          ...knownPlans
            .filter((p) => !plans.some((option) => option.id === p.id))
            .map((p) => ({ value: String(p.id), label: `${p.code} ${p.title}` })),
        ]}
        value={form.values.plan_ids}
        onChange={(ids) => form.setFieldValue('plan_ids', ids)}
        error={error('plan_ids')}
        data-testid="program-plans"
      />
      <Textarea
        label={t('training.programs.description')}
        autosize
        minRows={2}
        maxLength={5000}
        {...form.getInputProps('description')}
        data-testid="program-description"
      />
      <Switch
        label={t('training.programs.enabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="program-enabled"
      />
    </FormDrawer>
  );
}
