// /manage/trainingManage/classes/addClasses: many classes at once from one template (e.g. five classes of a
// project): the class form's fields with a name pattern (`{n}` is the class's number) and a count (1–50);
// the names are previewed as typed. The server makes them all in one write, or none.
import '@mantine/dates/styles.css';
import { Badge, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import {
  BATCH_MAX_CLASSES,
  batchClassNames,
  classBatchCreateSchema,
  NAME_PATTERN_PLACEHOLDER,
} from '../../../../shared/training/schema.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { createClasses } from '../api.ts';
import {
  batchCreateRequest,
  CLASS_FORM_FIELDS,
  emptyClassForm,
  type ClassFormValues,
} from '../class-form.ts';
import { ClassFormFields } from '../components/ClassFormFields.tsx';
import { useClassChoices } from '../components/use-class-choices.ts';
import { CLASS_LIST_PATH } from '../paths.ts';

/** How many names the preview lists before "…". */
const PREVIEW_NAMES = 12;

export default function AddClassesPage() {
  return (
    <LocalizedDatesProvider>
      <AddClassesForm />
    </LocalizedDatesProvider>
  );
}

function AddClassesForm() {
  const t = useT();
  const [, navigate] = useLocation();
  const choices = useClassChoices();
  const { form, submitting, handleSubmit } = useSchemaForm<ClassFormValues, typeof classBatchCreateSchema>({
    mode: 'controlled',
    initialValues: {
      ...emptyClassForm(),
      name_pattern: t('training.batch.defaultPattern', {
        year: new Date().getFullYear(),
        n: NAME_PATTERN_PLACEHOLDER,
      }),
    },
    schema: classBatchCreateSchema,
    toInput: batchCreateRequest,
    fields: CLASS_FORM_FIELDS,
  });

  useEffect(() => {
    if (form.values.organization_id || choices.colleges.length !== 1) return;
    form.setFieldValue('organization_id', String(choices.colleges[0]!.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choices.colleges]);

  const count = Number(form.values.count);
  const names =
    form.values.name_pattern.trim() && Number.isInteger(count) && count >= 1 && count <= BATCH_MAX_CLASSES
      ? batchClassNames(form.values.name_pattern.trim(), count)
      : [];

  // The body as typed (times as ISO text), which the schema has just accepted.
  const submit = handleSubmit(async (values) => {
    const made = await createClasses(batchCreateRequest(values));
    toastSuccess(t('training.batch.created', { n: made.data.length }));
    navigate(CLASS_LIST_PATH);
  });

  return (
    <form noValidate onSubmit={submit} data-testid="classes-add-form">
      <Stack gap="md" maw={1100}>
        <Group justify="space-between">
          <Title order={1} fz="lg">
            {t('training.batch.addTitle')}
          </Title>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate(CLASS_LIST_PATH)}
          >
            {t('training.form.back')}
          </Button>
        </Group>
        <ClassFormFields
          form={form}
          choices={choices}
          nameField={
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('training.batch.namePattern')}
                  description={t('training.batch.namePatternHint')}
                  required
                  maxLength={90}
                  {...form.getInputProps('name_pattern')}
                  data-testid="classes-add-pattern"
                />
                <NumberInput
                  label={t('training.batch.count')}
                  required
                  min={1}
                  max={BATCH_MAX_CLASSES}
                  allowDecimal={false}
                  {...form.getInputProps('count')}
                  data-testid="classes-add-count"
                />
              </SimpleGrid>
              <Group gap={6} data-testid="classes-add-preview">
                <Text fz="xs" c="dimmed">
                  {t('training.batch.preview')}
                </Text>
                {names.slice(0, PREVIEW_NAMES).map((name) => (
                  <Badge key={name} variant="light" style={{ textTransform: 'none' }}>
                    {name}
                  </Badge>
                ))}
                {names.length > PREVIEW_NAMES && <Text fz="xs">…</Text>}
              </Group>
            </Stack>
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(CLASS_LIST_PATH)}>
            {t('training.form.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="classes-add-save">
            {t('training.batch.create', { n: names.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
