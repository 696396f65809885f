// The fields one question (or one sub-question of a material question) shares: stem, options with the
// answer marked beside them, determine's 正确/错误, an essay's reference answer, analysis, score and
// difficulty. `path` is where the values sit in the form ('' for the question, 'sub_questions.0.' for a
// sub-question), so the server's 422 paths (options.2.text, sub_questions.0.answer) land under their inputs.
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { OPTION_KEYS } from '../../../../shared/questions/schema.ts';
import { RichTextField } from '../../../lib/components/RichTextField.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import {
  hasOptions,
  removeOption,
  type QuestionFormValues,
  type SubQuestionValues,
} from '../question-form.ts';

export const DIFFICULTIES = ['1', '2', '3', '4', '5'] as const;

export interface QuestionFieldsProps {
  form: UseFormReturnType<QuestionFormValues>;
  values: SubQuestionValues | QuestionFormValues;
  path: string;
  testId: string;
  /** A material question's case has no options, answer or score of its own. */
  isCase?: boolean;
}

export function QuestionFields({ form, values, path, testId, isCase = false }: QuestionFieldsProps) {
  const t = useT();
  const at = (name: string) => `${path}${name}`;
  const error = (name: string) => {
    const message = form.errors[at(name)];
    return typeof message === 'string' ? message : null;
  };
  const setAnswer = (answer: string[]) => form.setFieldValue(at('answer'), answer);
  const choice = values.type === 'choice';

  return (
    <Stack gap="sm">
      <RichTextField
        label={isCase ? t('questions.form.case') : t('questions.form.stem')}
        imageLabel={t('questions.form.addImage')}
        value={values.stem}
        onChange={(html) => form.setFieldValue(at('stem'), html)}
        error={error('stem')}
        data-testid={`${testId}-stem`}
      />
      {hasOptions(values.type) && (
        <Stack gap={6}>
          <Text fz="sm" fw={500}>
            {t('questions.form.options')}
          </Text>
          {!choice ? (
            <Radio.Group value={values.answer[0] ?? ''} onChange={(key) => setAnswer([key])}>
              <Stack gap={6}>
                {values.options.map((option, index) => (
                  <OptionRow
                    key={index}
                    form={form}
                    path={at(`options.${index}`)}
                    option={option}
                    index={index}
                    testId={testId}
                    values={values}
                  >
                    <Radio
                      value={option.key}
                      aria-label={t('questions.form.correct', { key: option.key })}
                      data-testid={`${testId}-answer-${option.key}`}
                    />
                  </OptionRow>
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Checkbox.Group value={values.answer} onChange={setAnswer}>
              <Stack gap={6}>
                {values.options.map((option, index) => (
                  <OptionRow
                    key={index}
                    form={form}
                    path={at(`options.${index}`)}
                    option={option}
                    index={index}
                    testId={testId}
                    values={values}
                  >
                    <Checkbox
                      value={option.key}
                      aria-label={t('questions.form.correct', { key: option.key })}
                      data-testid={`${testId}-answer-${option.key}`}
                    />
                  </OptionRow>
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              disabled={values.options.length >= OPTION_KEYS.length}
              onClick={() =>
                form.setFieldValue(at('options'), [
                  ...values.options,
                  { key: OPTION_KEYS[values.options.length]!, text: '' },
                ])
              }
              data-testid={`${testId}-add-option`}
            >
              {t('questions.form.addOption')}
            </Button>
            <Text fz="xs" c="dimmed">
              {choice ? t('questions.form.choiceHint') : t('questions.form.singleHint')}
            </Text>
          </Group>
          {(error('options') || error('answer')) && (
            <Text c="red" fz="xs">
              {error('options') ?? error('answer')}
            </Text>
          )}
        </Stack>
      )}
      {values.type === 'determine' && (
        <Radio.Group
          label={t('questions.form.answer')}
          value={values.answer[0] ?? ''}
          onChange={(key) => setAnswer([key])}
          error={error('answer')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="T" label={t('questions.form.true')} data-testid={`${testId}-answer-T`} />
            <Radio value="F" label={t('questions.form.false')} data-testid={`${testId}-answer-F`} />
          </Group>
        </Radio.Group>
      )}
      {values.type === 'essay' && (
        <Textarea
          label={t('questions.form.reference')}
          autosize
          minRows={2}
          {...form.getInputProps(at('reference_answer'))}
          data-testid={`${testId}-reference`}
        />
      )}
      {!isCase && (
        <Textarea
          label={t('questions.form.analysis')}
          autosize
          minRows={1}
          {...form.getInputProps(at('analysis'))}
        />
      )}
      <Group grow>
        {!isCase && (
          <NumberInput
            label={t('questions.form.score')}
            min={0}
            max={100}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps(at('score'))}
            data-testid={`${testId}-score`}
          />
        )}
        <Select
          label={t('questions.form.difficulty')}
          data={DIFFICULTIES.map((d) => ({ value: d, label: t(`questions.difficulty.d${d}`) }))}
          allowDeselect={false}
          {...form.getInputProps(at('difficulty'))}
        />
      </Group>
    </Stack>
  );
}

interface OptionRowProps {
  form: UseFormReturnType<QuestionFormValues>;
  path: string;
  option: { key: string; text: string };
  index: number;
  testId: string;
  values: SubQuestionValues | QuestionFormValues;
  children: React.ReactNode;
}

function OptionRow({ form, path, option, index, testId, values, children }: OptionRowProps) {
  const t = useT();
  const base = path.slice(0, path.lastIndexOf('options.'));
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Group gap={4} wrap="nowrap" mt={8}>
        {children}
        <Text fw={600} w={16}>
          {option.key}
        </Text>
      </Group>
      <TextInput
        style={{ flex: 1 }}
        placeholder={t('questions.form.optionText', { key: option.key })}
        {...form.getInputProps(`${path}.text`)}
        data-testid={`${testId}-option-${option.key}`}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        mt={4}
        aria-label={t('questions.form.removeOption', { key: option.key })}
        disabled={values.options.length <= 2}
        onClick={() => {
          const next = removeOption(values, index);
          form.setFieldValue(`${base}options`, next.options);
          form.setFieldValue(`${base}answer`, next.answer);
        }}
      >
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
