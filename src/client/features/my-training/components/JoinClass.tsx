// Joining a class: the code field, and the invitation link's confirmation (`?join=<code>`).
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { isBusinessRefusal } from '../../../lib/api/errors.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { joinClassSchema, type JoinClassInput } from '../../../../shared/my-training/schema.ts';
import { joinClass, type MyClass } from '../api.ts';

/** The join's write: the class card, or the refusal's message (outside the class's enrolment). */
function useJoin(onJoined: (klass: MyClass) => void) {
  const t = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const write = useWrite((input: JoinClassInput) => joinClass(input), {
    invalidates: ['my-classes', 'my-programs'],
    onDone: (answer) => {
      if (isBusinessRefusal(answer)) {
        setRefusal(answer.message);
        return;
      }
      setRefusal(null);
      toastSuccess(t('myTraining.join.joined', { name: answer.name }));
      onJoined(answer);
    },
  });
  return { write, refusal };
}

function Refusal({ message }: { message: string | null }) {
  const t = useT();
  if (!message) return null;
  return (
    <Alert color="orange" title={t('myTraining.join.refused')} data-testid="join-refused">
      {message}
    </Alert>
  );
}

/** The code field under the list. */
export function JoinByCode({ onJoined }: { onJoined: (klass: MyClass) => void }) {
  const t = useT();
  const { write, refusal } = useJoin(onJoined);
  const { form, submitting, handleSubmit } = useSchemaForm({
    initialValues: { code: '', source: 'code' as const },
    schema: joinClassSchema,
  });
  return (
    <Card withBorder radius="md" padding="sm">
      <form
        noValidate
        onSubmit={handleSubmit(async (values) => {
          await write.run(values);
          form.setFieldValue('code', '');
        })}
        data-testid="join-form"
      >
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('myTraining.join.code')}
              placeholder={t('myTraining.join.placeholder')}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={32}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="join-code"
              {...form.getInputProps('code')}
            />
            <Button
              type="submit"
              loading={submitting}
              leftSection={<IconUsersPlus size={16} />}
              data-testid="join-submit"
            >
              {t('myTraining.join.submit')}
            </Button>
          </Group>
          <Refusal message={refusal} />
        </Stack>
      </form>
    </Card>
  );
}

/** The invitation link's question: join this class? */
export function JoinInvitation({
  code,
  onJoined,
  onCancel,
}: {
  code: string;
  onJoined: (klass: MyClass) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { write, refusal } = useJoin(onJoined);
  return (
    <Alert
      color="blue"
      icon={<IconUsersPlus size={18} />}
      title={t('myTraining.join.invited')}
      data-testid="join-invitation"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{t('myTraining.join.invitedText', { code })}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            loading={write.running}
            onClick={() => write.run({ code, source: 'link' }).catch(() => undefined)}
            data-testid="join-confirm"
          >
            {t('myTraining.join.confirm')}
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('myTraining.join.cancel')}
          </Button>
        </Group>
        <Refusal message={refusal} />
      </Stack>
    </Alert>
  );
}
