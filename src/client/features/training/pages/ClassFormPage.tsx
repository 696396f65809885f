// /manage/trainingManage/classes/add and /manage/trainingManage/classes/set?id=: one class on one page (the
// form is long for a drawer): project, name, college, head teacher, dates, capacity, fee, enrolment window,
// completion rule, description, courses in order and the sessions. Saving sends the whole class; the server
// saves it with its courses and sessions in one write, and its 422 messages land under the fields.
import '@mantine/dates/styles.css';
import { Alert, Button, Center, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { classInputSchema } from '../../../../shared/training/schema.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchClass, saveClass } from '../api.ts';
import {
  CLASS_FORM_FIELDS,
  classFormFrom,
  classRequest,
  emptyClassForm,
  type ClassFormValues,
} from '../class-form.ts';
import { ClassFormFields } from '../components/ClassFormFields.tsx';
import { useClassChoices } from '../components/use-class-choices.ts';
import { CLASS_LIST_PATH, idParam } from '../paths.ts';

export default function ClassFormPage() {
  const [search] = useSearchParams();
  const id = idParam(search.get('id'));
  return (
    <LocalizedDatesProvider>
      <ClassForm key={id ?? 'new'} id={id} />
    </LocalizedDatesProvider>
  );
}

function ClassForm({ id }: { id: number | null }) {
  const t = useT();
  const [, navigate] = useLocation();
  const klass = useRead(id ? { key: `class-form:${id}`, fetch: () => fetchClass(id) } : null);
  const choices = useClassChoices();
  const { form, submitting, handleSubmit } = useSchemaForm<ClassFormValues, typeof classInputSchema>({
    mode: 'controlled',
    initialValues: emptyClassForm(),
    schema: classInputSchema,
    toInput: classRequest,
    fields: CLASS_FORM_FIELDS,
  });

  // The stored class fills the form once; a later refresh never overwrites what is being typed.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !klass.data) return;
    filled.current = true;
    const values = classFormFrom(klass.data);
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [klass.data]);

  // A college administrator with one college: it is the class's college.
  useEffect(() => {
    if (id || form.values.organization_id || choices.colleges.length !== 1) return;
    form.setFieldValue('organization_id', String(choices.colleges[0]!.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choices.colleges]);

  // The body as typed (times as ISO text), which the schema has just accepted.
  const submit = handleSubmit(async (values) => {
    const saved = await saveClass(id, classRequest(values));
    toastSuccess(t('training.form.saved', { name: saved.name }));
    if (id) {
      const values = classFormFrom(saved);
      form.setValues(values);
      form.resetDirty(values);
    } else navigate(CLASS_LIST_PATH);
  });

  if (id && klass.loading)
    return (
      <Center h={200}>
        <Loader size="sm" />
      </Center>
    );
  if (id && !klass.data)
    return (
      <Alert color="red" title={t('common.loadFailed')} data-testid="class-form-missing">
        <Button mt="sm" size="xs" variant="light" color="red" onClick={klass.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );

  return (
    <form noValidate onSubmit={submit} data-testid="class-form">
      <Stack gap="md" maw={1100}>
        <Group justify="space-between">
          <Title order={1} fz="lg">
            {id
              ? t('training.form.editTitle', { name: klass.data?.name ?? '' })
              : t('training.form.addTitle')}
          </Title>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate(CLASS_LIST_PATH)}
          >
            {t('training.form.back')}
          </Button>
        </Group>
        {klass.data && (
          <Text fz="sm" c="dimmed">
            {t('training.form.enrolledNote', { n: klass.data.enrolled_count })}
          </Text>
        )}
        <ClassFormFields
          form={form}
          choices={{ ...choices, knownCourses: klass.data?.courses ?? [] }}
          nameField={
            <TextInput
              label={t('training.class.name')}
              required
              maxLength={100}
              {...form.getInputProps('name')}
              data-testid="class-form-name"
            />
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(CLASS_LIST_PATH)}>
            {t('training.form.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="class-form-save">
            {t('training.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
