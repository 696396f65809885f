// Create or edit a course: cover image, title, occupation + level (one the occupation offers), category
// (free text, existing ones suggested), introduction (rich text the server sanitises), price in yuan (sent
// in fen; 0 = free) and teachers (name + title rows). The shared schema checks the values before sending;
// the server's 422 messages land on the same fields.
import { ActionIcon, Autocomplete, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { courseInputSchema, MAX_TEACHERS } from '../../../../shared/courses/schema.ts';
import type { OccupationOption } from '../../../../shared/plans/schema.ts';
import { OccupationLevelSelect } from '../../../lib/components/OccupationLevelSelect.tsx';
import { RichTextField } from '../../../lib/components/RichTextField.tsx';
import { YuanInput } from '../../../lib/components/YuanInput.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { UploadField } from '../../../lib/uploads/UploadField.tsx';
import { saveCourse, type CourseView } from '../api.ts';
import { courseFormFrom, courseRequest, emptyCourseForm, type CourseFormValues } from '../course-form.ts';

export interface CourseFormDrawerProps {
  /** null: closed; 'new': a new course. */
  course: CourseView | 'new' | null;
  occupations: Pick<OccupationOption, 'id' | 'name' | 'levels'>[];
  categories: string[];
  onClose: () => void;
  onSaved: (saved: CourseView) => void;
}

export function CourseFormDrawer({
  course,
  occupations,
  categories,
  onClose,
  onSaved,
}: CourseFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<CourseFormValues, typeof courseInputSchema>({
    mode: 'controlled',
    initialValues: emptyCourseForm(),
    schema: courseInputSchema,
    toInput: courseRequest,
  });

  useEffect(() => {
    if (!course) return;
    const values = course === 'new' ? emptyCourseForm() : courseFormFrom(course);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another course (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [course]);

  const submit = handleSubmit(async (_values, input) => {
    const saved = await saveCourse(course && course !== 'new' ? course.id : null, input);
    toastSuccess(t('courses.form.saved'));
    onSaved(saved);
  });
  const error = (path: string) => {
    const message = form.errors[path];
    return typeof message === 'string' ? message : null;
  };

  return (
    <FormDrawer
      opened={course !== null}
      onClose={onClose}
      title={course === 'new' ? t('courses.list.add') : t('courses.list.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('courses.save')}
      submitTestId="course-save"
      size="xl"
      data-testid="course-form"
    >
      <UploadField
        kind="cover"
        apiType="administrators"
        label={t('courses.form.cover')}
        hint={t('courses.form.coverHint')}
        value={form.values.cover ? { url: form.values.cover.url, mime: 'image/*' } : null}
        onUploaded={(upload) => form.setFieldValue('cover', { id: upload.id, url: upload.url })}
        error={error('cover_upload_id')}
        testId="course-cover"
      />
      <TextInput
        label={t('courses.form.title')}
        required
        maxLength={100}
        {...form.getInputProps('title')}
        data-testid="course-title"
      />
      <OccupationLevelSelect
        occupations={occupations}
        occupation_id={form.values.occupation_id}
        level={form.values.level}
        onChange={(value) => form.setValues(value)}
        labels={{
          occupation: t('courses.form.occupation'),
          level: t('courses.form.level'),
          noOccupation: t('courses.form.noOccupation'),
          pickOccupation: t('courses.form.pickOccupation'),
        }}
        clearable
        occupationError={form.errors.occupation_id}
        levelError={form.errors.level}
        testIdPrefix="course"
      />
      <Group grow align="flex-start">
        <Autocomplete
          label={t('courses.form.category')}
          description={t('courses.form.categoryHint')}
          maxLength={50}
          data={categories}
          {...form.getInputProps('category')}
          data-testid="course-category"
        />
        <YuanInput
          label={t('courses.form.price')}
          description={t('courses.form.priceHint')}
          required
          {...form.getInputProps('price_yuan')}
          error={error('price_fen') ?? error('price_yuan')}
          data-testid="course-price"
        />
      </Group>
      <RichTextField
        label={t('courses.form.introduction')}
        imageLabel={t('courses.form.addImage')}
        value={form.values.introduction}
        onChange={(html) => form.setFieldValue('introduction', html)}
        error={error('introduction')}
        data-testid="course-introduction"
      />
      <Stack gap={6}>
        <Text fz="sm" fw={500}>
          {t('courses.form.teachers')}
        </Text>
        {form.values.teachers.length === 0 && (
          <Text fz="xs" c="dimmed">
            {t('courses.form.noTeachers')}
          </Text>
        )}
        {form.values.teachers.map((_teacher, index) => (
          <Group key={index} align="flex-start" wrap="nowrap" data-testid={`course-teacher-${index}`}>
            <TextInput
              placeholder={t('courses.form.teacherName')}
              aria-label={t('courses.form.teacherName')}
              maxLength={32}
              style={{ flex: 1 }}
              {...form.getInputProps(`teachers.${index}.name`)}
              data-testid={`course-teacher-name-${index}`}
            />
            <TextInput
              placeholder={t('courses.form.teacherTitle')}
              aria-label={t('courses.form.teacherTitle')}
              maxLength={50}
              style={{ flex: 1 }}
              {...form.getInputProps(`teachers.${index}.title`)}
              data-testid={`course-teacher-title-${index}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={t('courses.form.removeTeacher')}
              onClick={() => form.removeListItem('teachers', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          disabled={form.values.teachers.length >= MAX_TEACHERS}
          onClick={() => form.insertListItem('teachers', { name: '', title: '' })}
          data-testid="course-teacher-add"
        >
          {t('courses.form.addTeacher')}
        </Button>
      </Stack>
    </FormDrawer>
  );
}
