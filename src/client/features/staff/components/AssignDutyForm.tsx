// Put one person on duty: a plan, one of its sessions, then a room of that session's availability (free
// seats and who is already there). A person cannot be in two rooms at the same time: the server's 422 on
// `staff_id` names the clash and is shown above the button.
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { staffAssignmentSchema, type StaffView } from '../../../../shared/staff/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { fetchSessionAvailability, type RoomAvailability } from '../../../lib/exam-sessions/api.ts';
import { PlanSessionPicker } from '../../../lib/exam-sessions/PlanSessionPicker.tsx';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { assignDuty, type StaffDuty } from '../api.ts';

export interface AssignDutyFormProps {
  staff: StaffView;
  onAssigned: (duty: StaffDuty) => void;
  /** Injected in unit tests; the API call otherwise. */
  assign?: typeof assignDuty;
}

interface DutyFormValues {
  plan_id: number | null;
  session_id: number | null;
  /** The Select's value: the room id as a string. */
  room_id: string | null;
}

const EMPTY: DutyFormValues = { plan_id: null, session_id: null, room_id: null };

/** The rooms' availability in one session; a duty put on asks it again. */
const AVAILABILITY = 'session-availability';

export function AssignDutyForm({ staff, onAssigned, assign = assignDuty }: AssignDutyFormProps) {
  const t = useT();
  const [clash, setClash] = useState<string | null>(null);
  const { form, submitting, handleSubmit } = useSchemaForm<DutyFormValues, typeof staffAssignmentSchema>({
    mode: 'controlled',
    initialValues: EMPTY,
    schema: staffAssignmentSchema,
    toInput: (values) => ({ staff_id: staff.id, session_id: values.session_id, room_id: values.room_id }),
    // Both come from pickers: the one thing to say about them is that none was picked, in the user's
    // language (the schema's own message is the server's Chinese).
    message: (message, path) =>
      path === 'session_id'
        ? t('staff.duty.pickSession')
        : path === 'room_id'
          ? t('staff.duty.pickRoom')
          : message,
  });
  const sessionId = form.values.session_id;
  const availability = useRead(
    sessionId
      ? { key: readKey(AVAILABILITY, sessionId), fetch: () => fetchSessionAvailability(sessionId) }
      : null,
  );
  // A failed read shows as no rooms (the API client has shown the toast).
  const rooms: RoomAvailability[] | null =
    availability.data?.data ?? (availability.error !== null && !availability.refreshing ? [] : null);
  const write = useWrite(assign, { invalidates: [AVAILABILITY] });

  const roomLabel = (room: RoomAvailability) => {
    const onDuty = room.staff.map((p) => p.name).join('、');
    return [
      `${room.site_name} ${room.name}`,
      t('staff.duty.freeSeats', { free: room.free, capacity: room.capacity }),
      onDuty ? t('staff.duty.onDuty', { names: onDuty }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };

  const submit = handleSubmit(
    async (_values, input) => {
      setClash(null);
      const duty = await write.run(input);
      toastSuccess(t('staff.duty.assigned'));
      form.setFieldValue('room_id', null);
      onAssigned(duty);
    },
    // The clash is a message on the person, who has no input here: it shows above the button.
    {
      onError: (_error, _placed, unplaced) => setClash(unplaced.staff_id ? String(unplaced.staff_id) : null),
    },
  );

  return (
    <Stack gap="sm" data-testid="duty-form">
      <PlanSessionPicker
        value={{ planId: form.values.plan_id, sessionId }}
        onChange={(next) => {
          form.setValues({ plan_id: next.planId, session_id: next.sessionId, room_id: null });
          form.clearErrors();
          setClash(null);
        }}
        testIdPrefix="duty"
        sessionError={form.errors.session_id ? String(form.errors.session_id) : undefined}
        vertical
      />
      <Select
        label={t('staff.duty.room')}
        placeholder={
          !sessionId
            ? t('staff.duty.pickSessionFirst')
            : rooms === null
              ? t('staff.picker.loading')
              : t('staff.duty.pickRoom')
        }
        disabled={!sessionId || !rooms?.length}
        searchable
        data={(rooms ?? []).map((room) => ({
          value: String(room.id),
          label: roomLabel(room),
          disabled: !room.enabled,
        }))}
        value={form.values.room_id}
        error={form.errors.room_id}
        onChange={(value) => {
          form.setFieldValue('room_id', value);
          setClash(null);
        }}
        data-testid="duty-room"
      />
      {rooms !== null && rooms.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('staff.availability.noRooms')}
        </Text>
      )}
      {clash && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={16} />}
          title={t('staff.duty.clashTitle')}
          data-testid="duty-error"
        >
          {clash}
        </Alert>
      )}
      <Button onClick={() => submit()} loading={submitting} disabled={!staff.enabled} data-testid="duty-save">
        {staff.enabled ? t('staff.duty.assign') : t('staff.duty.disabledStaff')}
      </Button>
    </Stack>
  );
}
