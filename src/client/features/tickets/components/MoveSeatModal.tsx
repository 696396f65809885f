// Seat one candidate by hand (`seat-move-<enrollment_id>`): pick the session, the room and the seat. The
// server refuses a taken seat or one beyond the room's capacity with a 422 on `seat_no`, shown on the field.
import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { manualSeatSchema, type SessionSeat } from '../../../../shared/tickets/schema.ts';
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { issueFieldErrors, type FieldErrors } from '../../../lib/utils/field-errors.ts';
import { fetchRoomAvailability, moveSeat, type RoomAvailability, type SeatCandidate } from '../api.ts';
import { SeatFormActions, formFailure } from './SeatFormActions.tsx';
import { roomOptionLabel, seatText } from './seating.ts';
import { toastSuccess } from '../../../lib/toast.ts';

interface Values {
  session_id: string | null;
  room_id: string | null;
  seat_no: number | string;
}

/** The form's starting values: the first session the candidate lacks a seat in, else the first one. */
export function initialMoveValues(candidate: SeatCandidate, sessionId?: number | null): Values {
  const seat =
    candidate.sessions.find((s) => s.session_id === sessionId) ??
    candidate.sessions.find((s) => s.room_id == null) ??
    candidate.sessions[0];
  return {
    session_id: seat ? String(seat.session_id) : null,
    room_id: seat?.room_id ? String(seat.room_id) : null,
    seat_no: seat?.seat_no ?? '',
  };
}

export interface MoveSeatModalProps {
  planId: number;
  candidate: SeatCandidate | null;
  sessions: readonly SessionSeat[];
  rooms: readonly RoomView[];
  onClose: () => void;
  onDone: () => void;
}

export function MoveSeatModal({ planId, candidate, sessions, rooms, onClose, onDone }: MoveSeatModalProps) {
  const t = useT();
  const [values, setValues] = useState<Values>({ session_id: null, room_id: null, seat_no: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [availability, setAvailability] = useState<RoomAvailability[]>([]);

  useEffect(() => {
    if (!candidate) return;
    setValues(initialMoveValues(candidate));
    setErrors({});
    setFailure(null);
  }, [candidate]);

  // Free seats of each room during the chosen session (other plans' overlapping sessions included).
  useEffect(() => {
    if (!candidate || !values.session_id) return;
    let cancelled = false;
    fetchRoomAvailability(Number(values.session_id)).then(
      (answer) => !cancelled && setAvailability(answer.data),
      () => !cancelled && setAvailability([]),
    );
    return () => {
      cancelled = true;
    };
  }, [candidate, values.session_id]);

  const room = rooms.find((r) => String(r.id) === values.room_id) ?? null;
  const roomLoad = availability.find((r) => String(r.id) === values.room_id) ?? null;
  const current = candidate?.sessions.find((s) => String(s.session_id) === values.session_id) ?? null;

  const pickSession = (sessionId: string | null) => {
    if (!candidate) return;
    setValues(initialMoveValues(candidate, sessionId ? Number(sessionId) : null));
    setErrors({});
  };

  const submit = async () => {
    if (!candidate) return;
    const parsed = manualSeatSchema.safeParse({
      enrollment_id: candidate.enrollment_id,
      session_id: values.session_id ?? undefined,
      room_id: values.room_id ?? undefined,
      seat_no: values.seat_no === '' ? undefined : values.seat_no,
    });
    if (!parsed.success) return setErrors(issueFieldErrors(parsed.error.issues));
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await moveSeat(planId, parsed.data);
      toastSuccess(
        t('tickets.move.done', {
          name: candidate.name,
          seat: seatText(t, {
            room_name: room?.name ?? null,
            site_name: room?.site_name ?? null,
            seat_no: parsed.data.seat_no,
          }),
        }),
      );
      onDone();
    } catch (error) {
      const { fields, alert } = formFailure(error, ['session_id', 'room_id', 'seat_no']);
      setErrors(fields);
      setFailure(alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={candidate !== null}
      onClose={() => !busy && onClose()}
      title={t('tickets.move.title', { name: candidate?.name ?? '' })}
      data-testid="seat-move-modal"
    >
      <Stack gap="md">
        <Select
          label={t('tickets.move.session')}
          required
          allowDeselect={false}
          data={sessions.map((s) => ({ value: String(s.session_id), label: `${s.name} · ${s.time_label}` }))}
          value={values.session_id}
          onChange={pickSession}
          error={errors.session_id}
          data-testid="seat-move-session"
        />
        {current && (
          <Text size="xs" c="dimmed">
            {t('tickets.move.current', { seat: seatText(t, current) })}
          </Text>
        )}
        <Select
          label={t('tickets.move.room')}
          required
          searchable
          data={rooms
            .filter((r) => r.enabled || String(r.id) === values.room_id)
            .map((r) => ({ value: String(r.id), label: roomOptionLabel(r) }))}
          value={values.room_id}
          onChange={(room_id) => setValues((v) => ({ ...v, room_id }))}
          error={errors.room_id}
          nothingFoundMessage={t('tickets.auto.noRooms')}
          data-testid="seat-move-room"
        />
        <NumberInput
          label={t('tickets.move.seat')}
          required
          min={1}
          max={room?.capacity}
          allowDecimal={false}
          value={values.seat_no}
          onChange={(seat_no) => setValues((v) => ({ ...v, seat_no }))}
          description={
            room
              ? roomLoad
                ? t('tickets.move.roomLoad', {
                    capacity: room.capacity,
                    free: roomLoad.free,
                  })
                : t('tickets.rooms.capacity', { n: room.capacity })
              : undefined
          }
          error={errors.seat_no}
          data-testid="seat-move-seat"
        />
        <SeatFormActions
          failure={failure}
          busy={busy}
          submitLabel={t('tickets.move.save')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          testIdPrefix="seat-move"
          submitSuffix="save"
        />
      </Stack>
    </Modal>
  );
}
