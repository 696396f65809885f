// Seat one candidate by hand (`seat-move-<enrollment_id>`): pick the session, the room and the seat. The
// server refuses a taken seat or one beyond the room's capacity with a 422 on `seat_no`, shown on the field.
import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { manualSeatSchema, type SessionSeat } from '../../../../shared/tickets/schema.ts';
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    form,
    submitting: busy,
    handleSubmit,
  } = useSchemaForm<Values, typeof manualSeatSchema>({
    mode: 'controlled',
    initialValues: { session_id: null, room_id: null, seat_no: '' },
    schema: manualSeatSchema,
    toInput: (v) => ({
      enrollment_id: candidate?.enrollment_id,
      session_id: v.session_id ?? undefined,
      room_id: v.room_id ?? undefined,
      seat_no: v.seat_no === '' ? undefined : v.seat_no,
    }),
  });
  const values = form.values;

  /** The form as it starts for `candidate` (and, when picked, one of its sessions). */
  const start = (next: SeatCandidate, sessionId?: number | null) => {
    form.setValues(initialMoveValues(next, sessionId));
    form.clearErrors();
  };

  useEffect(() => {
    if (!candidate) return;
    start(candidate);
    setFailure(null);
    // The form object is stable; each candidate opened starts the form afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candidate]);

  // Free seats of each room during the chosen session (other plans' overlapping sessions included); the
  // counts on screen stay while another session's come, and a failure shows none.
  const sessionForLoad = candidate && values.session_id ? Number(values.session_id) : null;
  const load = useRead(
    sessionForLoad
      ? { key: readKey('room-load', sessionForLoad), fetch: () => fetchRoomAvailability(sessionForLoad) }
      : null,
    { keepPrevious: true },
  );
  const availability: RoomAvailability[] =
    load.error !== null && !load.refreshing ? [] : (load.data?.data ?? []);

  const room = rooms.find((r) => String(r.id) === values.room_id) ?? null;
  const roomLoad = availability.find((r) => String(r.id) === values.room_id) ?? null;
  const current = candidate?.sessions.find((s) => String(s.session_id) === values.session_id) ?? null;

  const pickSession = (sessionId: string | null) => {
    if (candidate) start(candidate, sessionId ? Number(sessionId) : null);
  };

  const save = handleSubmit(
    async (_values, seat) => {
      if (!candidate) return;
      setFailure(null);
      await moveSeat(planId, seat);
      toastSuccess(
        t('tickets.move.done', {
          name: candidate.name,
          seat: seatText(t, {
            room_name: room?.name ?? null,
            site_name: room?.site_name ?? null,
            seat_no: seat.seat_no,
          }),
        }),
      );
      onDone();
    },
    { onError: (error, _placed, unplaced) => setFailure(formFailure(error, unplaced)) },
  );
  const submit = () => {
    setFailure(null);
    save();
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
          {...form.getInputProps('session_id')}
          onChange={pickSession}
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
          {...form.getInputProps('room_id')}
          nothingFoundMessage={t('tickets.auto.noRooms')}
          data-testid="seat-move-room"
        />
        <NumberInput
          label={t('tickets.move.seat')}
          required
          min={1}
          max={room?.capacity}
          allowDecimal={false}
          {...form.getInputProps('seat_no')}
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
          data-testid="seat-move-seat"
        />
        <SeatFormActions
          failure={failure}
          busy={busy}
          submitLabel={t('tickets.move.save')}
          onCancel={onClose}
          onSubmit={submit}
          testIdPrefix="seat-move"
          submitSuffix="save"
        />
      </Stack>
    </Modal>
  );
}
