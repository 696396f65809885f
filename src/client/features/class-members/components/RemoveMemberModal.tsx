// Removing a student from the class: the dialog names the student and asks for the reason (checked with the
// shared schema; the server's 422 lands under it). Its own question is the confirmation.
import { Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { removeMemberSchema } from '../../../../shared/class-members/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { removeMember, type MemberView } from '../api.ts';

export interface RemoveMemberModalProps {
  /** null: closed. */
  member: MemberView | null;
  onClose: () => void;
  onDone: () => void;
}

export function RemoveMemberModal({ member, onClose, onDone }: RemoveMemberModalProps) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    schema: removeMemberSchema,
  });

  useEffect(() => {
    if (!member) return;
    form.reset();
    // The form object is new on every render; only another student starts it over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member]);

  const submit = handleSubmit(async (_values, input) => {
    if (!member) return;
    await removeMember(member.id, input.reason);
    toastSuccess(t('classMembers.members.removed'));
    onDone();
  });

  return (
    <FormDrawer
      variant="modal"
      opened={member !== null}
      onClose={onClose}
      title={t('classMembers.members.removeTitle')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitLabel={t('classMembers.members.remove')}
      submitColor="red"
      submitTestId="member-remove-submit"
      data-testid="member-remove-dialog"
    >
      <Text fz="sm">{t('classMembers.members.removeMessage', { name: member?.name ?? '' })}</Text>
      <Textarea
        label={t('classMembers.members.reason')}
        required
        autosize
        minRows={2}
        maxLength={200}
        {...form.getInputProps('reason')}
        data-testid="member-remove-reason"
      />
    </FormDrawer>
  );
}
