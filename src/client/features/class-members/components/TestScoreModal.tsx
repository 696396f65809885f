// The class test score of one student (0-100, empty for not taken), checked with the shared schema.
import { NumberInput } from '@mantine/core';
import { useEffect } from 'react';
import { testScoreSchema } from '../../../../shared/class-members/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { setTestScore, type MemberView } from '../api.ts';

export interface TestScoreModalProps {
  member: MemberView | null;
  onClose: () => void;
  onDone: () => void;
}

interface ScoreValues {
  /** '' for not taken. */
  test_score: number | string;
}

export const scoreRequest = (values: ScoreValues) => ({
  test_score: values.test_score === '' ? null : Number(values.test_score),
});

export function TestScoreModal({ member, onClose, onDone }: TestScoreModalProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm<ScoreValues, typeof testScoreSchema>({
    mode: 'controlled',
    initialValues: { test_score: '' },
    schema: testScoreSchema,
    toInput: scoreRequest,
  });

  useEffect(() => {
    if (!member) return;
    const values = { test_score: member.test_score ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member]);

  const submit = handleSubmit(async (_values, input) => {
    if (!member) return;
    await setTestScore(member.id, input.test_score);
    toastSuccess(t('classMembers.members.scoreSaved'));
    onDone();
  });

  return (
    <FormDrawer
      variant="modal"
      opened={member !== null}
      onClose={onClose}
      title={t('classMembers.members.scoreTitle', { name: member?.name ?? '' })}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('classMembers.members.save')}
      submitTestId="member-score-submit"
      data-testid="member-score-dialog"
    >
      <NumberInput
        label={t('classMembers.members.score')}
        min={0}
        max={100}
        allowDecimal={false}
        {...form.getInputProps('test_score')}
        data-testid="member-score-input"
      />
    </FormDrawer>
  );
}
