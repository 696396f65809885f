// Create or edit an exam room: its site, name, seat layout (rows x cols), capacity and whether it is in
// use. Checked with the shared schema before sending; the server's 422 messages land on the fields.
import { Group, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { roomInputSchema } from '../../../../shared/rooms/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FormDrawer } from '../../../lib/kit/FormDrawer.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { saveRoom, type ExamRoom, type ExamSite } from '../api.ts';

interface RoomValues {
  /** '' until a site is chosen. */
  site_id: string;
  name: string;
  capacity: number | string;
  rows: number | string;
  cols: number | string;
  enabled: boolean;
}

const EMPTY_ROOM: RoomValues = { site_id: '', name: '', capacity: 30, rows: 6, cols: 5, enabled: true };

export function RoomFormModal({
  room,
  sites,
  onClose,
  onSaved,
}: {
  room: ExamRoom | 'new' | null;
  sites: ExamSite[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: EMPTY_ROOM,
    schema: roomInputSchema,
  });
  useEffect(() => {
    if (!room) return;
    const values =
      room === 'new'
        ? EMPTY_ROOM
        : {
            site_id: String(room.site_id),
            name: room.name,
            capacity: room.capacity,
            rows: room.rows,
            cols: room.cols,
            enabled: room.enabled,
          };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // The form object is new on every render; only another room resets it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room]);

  const submit = handleSubmit(async (values) => {
    await saveRoom(room && room !== 'new' ? room.id : null, roomInputSchema.parse(values));
    toastSuccess(t('rooms.saved'));
    onSaved();
  });

  return (
    <FormDrawer
      variant="modal"
      opened={room !== null}
      onClose={onClose}
      title={room === 'new' ? t('rooms.addRoom') : t('rooms.editRoom')}
      form={form}
      onSubmit={() => submit()}
      saving={submitting}
      submitTestId="room-save"
    >
      <Select
        label={t('rooms.site')}
        required
        data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
        {...form.getInputProps('site_id')}
        value={form.values.site_id || null}
        onChange={(value) => form.setFieldValue('site_id', value ?? '')}
        data-testid="room-site"
      />
      <TextInput
        label={t('rooms.roomName')}
        required
        {...form.getInputProps('name')}
        data-testid="room-name"
      />
      <Group grow>
        <NumberInput label={t('rooms.rows')} min={1} max={50} {...form.getInputProps('rows')} />
        <NumberInput label={t('rooms.cols')} min={1} max={50} {...form.getInputProps('cols')} />
      </Group>
      <NumberInput
        label={t('rooms.capacity')}
        min={1}
        max={200}
        {...form.getInputProps('capacity')}
        data-testid="room-capacity"
      />
      <Switch label={t('rooms.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
    </FormDrawer>
  );
}
