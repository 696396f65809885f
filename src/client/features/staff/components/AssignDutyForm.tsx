// Put one person on duty: a plan, one of its sessions, then a room of that session's availability (free
// seats and who is already there). A person cannot be in two rooms at the same time: the server's 422 on
// `staff_id` names the clash and is shown above the button.
import { Alert, Button, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { StaffView } from '../../../../shared/staff/schema.ts';
import { fetchSessionAvailability, type RoomAvailability } from '../../../lib/exam-sessions/api.ts';
import { PlanSessionPicker, type PlanSessionValue } from '../../../lib/exam-sessions/PlanSessionPicker.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { serverFieldErrors, type FieldErrors } from '../../../lib/utils/field-errors.ts';
import { assignDuty, type StaffDuty } from '../api.ts';
import { toastSuccess } from '../../../lib/toast.ts';

export interface AssignDutyFormProps {
  staff: StaffView;
  onAssigned: (duty: StaffDuty) => void;
  /** Injected in unit tests; the API call otherwise. */
  assign?: typeof assignDuty;
}

export function AssignDutyForm({ staff, onAssigned, assign = assignDuty }: AssignDutyFormProps) {
  const t = useT();
  const [choice, setChoice] = useState<PlanSessionValue>({ planId: null, sessionId: null });
  const [rooms, setRooms] = useState<RoomAvailability[] | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    setRooms(null);
    setRoomId(null);
    if (!choice.sessionId) return;
    let cancelled = false;
    fetchSessionAvailability(choice.sessionId).then(
      (answer) => !cancelled && setRooms(answer.data),
      () => !cancelled && setRooms([]),
    );
    return () => {
      cancelled = true;
    };
  }, [choice.sessionId, version]);

  const roomLabel = (room: RoomAvailability) => {
    const onDuty = room.staff.map((p) => p.name).join('、');
    return [
      `${room.site_name} ${room.name}`,
      t('examStaff.duty.freeSeats', { free: room.free, capacity: room.capacity }),
      onDuty ? t('examStaff.duty.onDuty', { names: onDuty }) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };

  const submit = async () => {
    const missing: FieldErrors = {};
    if (!choice.sessionId) missing.session_id = t('examStaff.duty.pickSession');
    if (!roomId) missing.room_id = t('examStaff.duty.pickRoom');
    if (Object.keys(missing).length) return setErrors(missing);
    setSaving(true);
    setErrors({});
    try {
      const duty = await assign({
        staff_id: staff.id,
        room_id: Number(roomId),
        session_id: choice.sessionId!,
      });
      toastSuccess(t('examStaff.duty.assigned'));
      setRoomId(null);
      setVersion((v) => v + 1);
      onAssigned(duty);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  const clash = errors.staff_id;
  return (
    <Stack gap="sm" data-testid="duty-form">
      <PlanSessionPicker
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setErrors({});
        }}
        testIdPrefix="duty"
        sessionError={errors.session_id}
        vertical
      />
      <Select
        label={t('examStaff.duty.room')}
        placeholder={
          !choice.sessionId
            ? t('examStaff.duty.pickSessionFirst')
            : rooms === null
              ? t('examStaff.picker.loading')
              : t('examStaff.duty.pickRoom')
        }
        disabled={!choice.sessionId || !rooms?.length}
        searchable
        data={(rooms ?? []).map((room) => ({
          value: String(room.id),
          label: roomLabel(room),
          disabled: !room.enabled,
        }))}
        value={roomId}
        error={errors.room_id}
        onChange={(v) => {
          setRoomId(v);
          setErrors({});
        }}
        data-testid="duty-room"
      />
      {rooms !== null && rooms.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('examStaff.availability.noRooms')}
        </Text>
      )}
      {clash && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={16} />}
          title={t('examStaff.duty.clashTitle')}
          data-testid="duty-error"
        >
          {clash}
        </Alert>
      )}
      <Button
        onClick={() => void submit()}
        loading={saving}
        disabled={!staff.enabled}
        data-testid="duty-save"
      >
        {staff.enabled ? t('examStaff.duty.assign') : t('examStaff.duty.disabledStaff')}
      </Button>
    </Stack>
  );
}
