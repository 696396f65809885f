// The class's completion rule, edited in place: course progress ≥ N %, attendance ≥ M %, and the class test
// pass score (empty = no class test). The same columns as the class form's rule.
import { Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { completionRuleSchema } from '../../../../shared/completion/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveCompletionRule, type ClassCompletion } from '../api.ts';

interface RuleValues {
  rule_progress_percent: number | string;
  rule_attendance_percent: number | string;
  rule_test_pass_score: number | string;
}

const toInput = (values: RuleValues) => ({
  ...values,
  rule_test_pass_score: values.rule_test_pass_score === '' ? null : values.rule_test_pass_score,
});

export function RuleCard({
  completion,
  onSaved,
}: {
  completion: ClassCompletion;
  onSaved: (next: ClassCompletion) => void;
}) {
  const t = useT();
  const { rule } = completion;
  const { form, submitting, handleSubmit } = useSchemaForm<RuleValues, typeof completionRuleSchema>({
    initialValues: {
      rule_progress_percent: rule.rule_progress_percent,
      rule_attendance_percent: rule.rule_attendance_percent,
      rule_test_pass_score: rule.rule_test_pass_score ?? '',
    },
    schema: completionRuleSchema,
    toInput,
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="completion-rule">
      <form
        noValidate
        onSubmit={handleSubmit(async (_values, input) => {
          const next = await saveCompletionRule(completion.class.id, input);
          form.resetDirty();
          toastSuccess(t('completion.rule.saved'));
          onSaved(next);
        })}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <Text fw={600} fz="sm" mb={8}>
            {t('completion.rule.title')}
          </Text>
          <NumberInput
            label={t('completion.rule.progress')}
            min={0}
            max={100}
            suffix="%"
            w={150}
            {...form.getInputProps('rule_progress_percent')}
            data-testid="rule-progress"
          />
          <NumberInput
            label={t('completion.rule.attendance')}
            min={0}
            max={100}
            suffix="%"
            w={150}
            {...form.getInputProps('rule_attendance_percent')}
            data-testid="rule-attendance"
          />
          <NumberInput
            label={t('completion.rule.test')}
            placeholder={t('completion.rule.noTest')}
            min={0}
            max={100}
            w={170}
            {...form.getInputProps('rule_test_pass_score')}
            data-testid="rule-test"
          />
          <Button type="submit" loading={submitting} disabled={!form.isDirty()} data-testid="rule-save">
            {t('completion.rule.save')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
