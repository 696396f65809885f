// Create or edit one question in a drawer: bank, category (of that bank), type, then the type's fields. A
// material question is its case text plus its sub-questions, edited here and saved with it in one request.
// The shared schema checks the values first; the server's 422 paths land on the same fields.
import { Button, Card, Divider, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  QUESTION_TYPES,
  SUB_QUESTION_TYPES,
  questionInputSchema,
  type QuestionType,
  type QuestionView,
  type SubQuestionType,
} from '../../../../shared/questions/schema.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { fetchCategories, saveQuestion, type BankView } from '../api.ts';
import {
  emptyQuestionForm,
  emptySubQuestion,
  questionFormFrom,
  questionRequest,
  withType,
  type QuestionFormValues,
} from '../question-form.ts';
import { QuestionFields } from './QuestionFields.tsx';

export interface QuestionFormDrawerProps {
  /** null: closed; 'new': a new question. */
  question: QuestionView | 'new' | null;
  banks: BankView[];
  /** The bank and category a new question starts in (the list's filters). */
  defaults: { bankId: string; categoryId: string };
  onClose: () => void;
  onSaved: (saved: QuestionView) => void;
}

export function QuestionFormDrawer({ question, banks, defaults, onClose, onSaved }: QuestionFormDrawerProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<QuestionFormValues, typeof questionInputSchema>({
    mode: 'controlled',
    initialValues: emptyQuestionForm(),
    schema: questionInputSchema,
    toInput: questionRequest,
  });

  useEffect(() => {
    if (!question) return;
    const values =
      question === 'new'
        ? emptyQuestionForm(defaults.bankId, defaults.categoryId)
        : questionFormFrom(question);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Only another question (or a new one) resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [question]);

  const bankId = Number(form.values.bank_id) || 0;
  const categories = useRead(
    bankId ? { key: `question-categories:${bankId}`, fetch: () => fetchCategories(bankId) } : null,
  ).data?.data;

  const submit = handleSubmit(async (_values, input) => {
    const saved = await saveQuestion(question && question !== 'new' ? question.id : null, input);
    toastSuccess(t('questions.saved'));
    onSaved(saved);
  });

  const values = form.values;
  const typeLabel = (type: string) => t(`questions.types.${type}`);
  const setType = (type: QuestionType) => {
    const next = withType(values, type);
    form.setValues({
      ...next,
      sub_questions:
        type === 'material' && !values.sub_questions.length ? [emptySubQuestion()] : values.sub_questions,
    });
  };

  return (
    <FormDrawer
      opened={question !== null}
      onClose={onClose}
      title={question === 'new' ? t('questions.add') : t('questions.edit')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('questions.save')}
      submitTestId="question-save"
      size="xl"
    >
      <Group grow>
        <Select
          label={t('questions.bank')}
          required
          data={banks.map((b) => ({ value: String(b.id), label: b.name }))}
          disabled={question !== null && question !== 'new'}
          {...form.getInputProps('bank_id')}
          value={values.bank_id || null}
          onChange={(value) => {
            form.setFieldValue('bank_id', value ?? '');
            form.setFieldValue('category_id', '');
          }}
          data-testid="question-bank"
        />
        <Select
          label={t('questions.category')}
          placeholder={t('questions.noCategory')}
          clearable
          searchable
          data={(categories ?? []).map((c) => ({ value: String(c.id), label: c.path }))}
          {...form.getInputProps('category_id')}
          value={values.category_id || null}
          onChange={(value) => form.setFieldValue('category_id', value ?? '')}
          data-testid="question-category"
        />
      </Group>
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t('questions.type')}
        </Text>
        <SegmentedControl
          fullWidth
          data={QUESTION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
          value={values.type}
          onChange={(value) => setType(value as QuestionType)}
          data-testid="question-type"
        />
      </Stack>
      <QuestionFields
        form={form}
        values={values}
        path=""
        testId="question"
        isCase={values.type === 'material'}
      />
      {values.type === 'material' && (
        <Stack gap="sm" data-testid="question-subs">
          <Divider label={t('questions.form.subQuestions')} labelPosition="left" />
          {values.sub_questions.map((sub, index) => (
            <Card key={index} withBorder padding="sm" data-testid={`question-sub-${index}`}>
              <Group justify="space-between" mb="xs">
                <Select
                  aria-label={t('questions.type')}
                  data={SUB_QUESTION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
                  value={sub.type}
                  allowDeselect={false}
                  onChange={(value) =>
                    value &&
                    form.setFieldValue(`sub_questions.${index}`, withType(sub, value as SubQuestionType))
                  }
                  w={140}
                  data-testid={`question-sub-${index}-type`}
                />
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={values.sub_questions.length <= 1}
                  onClick={() => form.removeListItem('sub_questions', index)}
                >
                  {t('questions.form.removeSub')}
                </Button>
              </Group>
              <QuestionFields
                form={form}
                values={sub}
                path={`sub_questions.${index}.`}
                testId={`question-sub-${index}`}
              />
            </Card>
          ))}
          {typeof form.errors.sub_questions === 'string' && (
            <Text c="red" fz="xs">
              {form.errors.sub_questions}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('sub_questions', emptySubQuestion())}
            data-testid="question-add-sub"
          >
            {t('questions.form.addSub')}
          </Button>
        </Stack>
      )}
      <Switch
        label={t('questions.enabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
        data-testid="question-enabled"
      />
    </FormDrawer>
  );
}
