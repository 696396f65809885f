// The projects tab of the class list: training projects (a college's, or platform-wide) with their program
// and number of classes; create and edit in a drawer (name, college, program, description), archive and
// restore asked first. A college administrator's projects are its college's (the server fixes the college);
// platform-wide ones it only reads.
import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArchive, IconEdit, IconRestore } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PROJECT_STATES, projectInputSchema, type ProjectState } from '../../../../shared/training/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  fetchProgramOptions,
  fetchProjects,
  fetchTrainingLookups,
  saveProject,
  setProjectState,
  type ProjectInput,
  type ProjectView,
} from '../api.ts';

interface ProjectFormValues {
  name: string;
  /** '' = platform-wide (or the college administrator's own). */
  organization_id: string;
  program_id: string;
  description: string;
}

const emptyProjectForm = (): ProjectFormValues => ({
  name: '',
  organization_id: '',
  program_id: '',
  description: '',
});

const projectRequest = (values: ProjectFormValues): ProjectInput => ({
  name: values.name,
  organization_id: values.organization_id ? Number(values.organization_id) : null,
  program_id: values.program_id ? Number(values.program_id) : null,
  description: values.description,
});

export function ProjectsTab({ isCollege }: { isCollege: boolean }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'projects',
    filters: { keyword: '', state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchProjects({
        page,
        limit,
        keyword: filters.keyword,
        state: (filters.state || null) as ProjectState | null,
      }),
  });
  const editing = useEditing<ProjectView>();
  const confirm = useConfirmAction();
  const canEdit = (p: ProjectView) => !isCollege || p.organization_id !== null;

  const askState = (project: ProjectView) => {
    const archiving = project.state === 'active';
    confirm.ask({
      title: archiving ? t('training.projects.archive') : t('training.projects.restore'),
      message: t(archiving ? 'training.projects.confirmArchive' : 'training.projects.confirmRestore', {
        name: project.name,
      }),
      confirmLabel: archiving ? t('training.projects.archive') : t('training.projects.restore'),
      color: archiving ? 'orange' : undefined,
      testId: 'project-state-dialog',
      confirmTestId: 'project-state-confirm',
      run: async () => {
        await setProjectState(project.id, archiving ? 'archived' : 'active');
        toastSuccess(archiving ? t('training.projects.archived') : t('training.projects.restored'));
        list.reload();
      },
    });
  };

  const columns: ListPageColumn<ProjectView>[] = [
    {
      accessor: 'name',
      title: t('training.projects.name'),
      render: (p) => (
        <Text fz="sm" fw={500} data-testid={`project-row-${p.id}`}>
          {p.name}
        </Text>
      ),
    },
    {
      accessor: 'organization_name',
      title: t('training.projects.college'),
      render: (p) => p.organization_name ?? t('training.projects.platform'),
    },
    {
      accessor: 'program_name',
      title: t('training.projects.program'),
      render: (p) => p.program_name ?? '—',
    },
    { accessor: 'class_count', title: t('training.projects.classCount') },
    {
      accessor: 'state',
      title: t('training.projects.state'),
      render: (p) => t(`training.projectStates.${p.state}`),
    },
    actionsColumn((p) =>
      canEdit(p)
        ? [
            {
              key: 'edit',
              label: t('training.projects.edit'),
              icon: <IconEdit size={16} />,
              onClick: () => editing.edit(p),
              testId: `project-edit-${p.id}`,
            },
            {
              key: 'state',
              label: p.state === 'active' ? t('training.projects.archive') : t('training.projects.restore'),
              icon: p.state === 'active' ? <IconArchive size={16} /> : <IconRestore size={16} />,
              color: p.state === 'active' ? 'orange' : 'green',
              onClick: () => askState(p),
              testId: `project-state-${p.id}`,
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
          <AddButton onClick={editing.add} testId="project-add">
            {t('training.projects.add')}
          </AddButton>
        }
      >
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('training.projects.search')}
          aria-label={t('training.projects.search')}
          w={240}
          data-testid="project-search"
        />
        <FilterSelect
          name="state"
          placeholder={t('training.projects.allStates')}
          aria-label={t('training.projects.state')}
          data={PROJECT_STATES.map((s) => ({ value: s, label: t(`training.projectStates.${s}`) }))}
          w={140}
          data-testid="project-state-filter"
        />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('training.projects.empty')}</Text>}
        data-testid="project-table"
      />
      <ProjectFormDrawer
        project={editing.value}
        isCollege={isCollege}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
      />
      {confirm.dialog}
    </Stack>
  );
}

function ProjectFormDrawer({
  project,
  isCollege,
  onClose,
  onSaved,
}: {
  project: ProjectView | 'new' | null;
  isCollege: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const colleges = useRead({ key: 'training-lookups', fetch: fetchTrainingLookups }).data?.colleges ?? [];
  const programs = useRead({ key: 'training-program-options', fetch: fetchProgramOptions }).data ?? [];
  const { form, submitting, handleSubmit } = useSchemaForm<ProjectFormValues, typeof projectInputSchema>({
    mode: 'controlled',
    initialValues: emptyProjectForm(),
    schema: projectInputSchema,
    toInput: projectRequest,
  });

  useEffect(() => {
    if (!project) return;
    const values =
      project === 'new'
        ? emptyProjectForm()
        : {
            name: project.name,
            organization_id: project.organization_id ? String(project.organization_id) : '',
            program_id: project.program_id ? String(project.program_id) : '',
            description: project.description,
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another project (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project]);

  const submit = handleSubmit(async (_values, input) => {
    await saveProject(project && project !== 'new' ? project.id : null, input);
    toastSuccess(t('training.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      opened={project !== null}
      onClose={onClose}
      title={project === 'new' ? t('training.projects.add') : t('training.projects.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('training.save')}
      submitTestId="project-save"
      data-testid="project-form"
    >
      <TextInput
        label={t('training.projects.name')}
        required
        maxLength={100}
        {...form.getInputProps('name')}
        data-testid="project-name"
      />
      {isCollege ? (
        <Text fz="sm" c="dimmed">
          {t('training.projects.ownCollege')}
        </Text>
      ) : (
        <Select
          label={t('training.projects.college')}
          description={t('training.projects.collegeHint')}
          placeholder={t('training.projects.platform')}
          clearable
          searchable
          data={colleges.map((c) => ({ value: String(c.id), label: c.name }))}
          {...form.getInputProps('organization_id')}
          value={form.values.organization_id || null}
          onChange={(value) => form.setFieldValue('organization_id', value ?? '')}
          data-testid="project-college"
        />
      )}
      <Select
        label={t('training.projects.program')}
        placeholder={t('training.projects.noProgram')}
        clearable
        searchable
        data={programs.map((p) => ({ value: String(p.id), label: p.name, disabled: !p.enabled }))}
        {...form.getInputProps('program_id')}
        value={form.values.program_id || null}
        onChange={(value) => form.setFieldValue('program_id', value ?? '')}
        data-testid="project-program"
      />
      <Textarea
        label={t('training.projects.description')}
        autosize
        minRows={3}
        maxLength={5000}
        {...form.getInputProps('description')}
        data-testid="project-description"
      />
    </FormDrawer>
  );
}
