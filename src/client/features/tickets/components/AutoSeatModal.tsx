// Automatic seating (`seats-auto`): seats every paid candidate still without a seat, filling the chosen
// rooms in the order they were picked (none picked: every enabled room, by site and name), optionally
// interleaving employers. Too few seats come back as a 422 on `room_ids` and nothing is written.
import { Checkbox, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import type { SessionSeat } from '../../../../shared/tickets/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { FieldErrors } from '../../../lib/utils/field-errors.ts';
import { autoAssignSeats, fetchRoomAvailability } from '../api.ts';
import { SeatFormActions, formFailure } from './SeatFormActions.tsx';
import { roomOptionLabel } from './seating.ts';
import { toastSuccess } from '../../../lib/toast.ts';

export interface AutoSeatModalProps {
  opened: boolean;
  planId: number;
  sessions: readonly SessionSeat[];
  rooms: readonly RoomView[];
  /** Paid candidates still missing a seat (shown next to the chosen rooms' seat count). */
  unseated: number;
  onClose: () => void;
  onDone: () => void;
}

export function AutoSeatModal({
  opened,
  planId,
  sessions,
  rooms,
  unseated,
  onClose,
  onDone,
}: AutoSeatModalProps) {
  const t = useT();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [roomIds, setRoomIds] = useState<string[]>([]);
  const [shuffle, setShuffle] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setFailure(null);
  }, [opened]);

  // Free seats per room during the chosen session (else the first one): overlapping sessions of other
  // plans hold seats too, which the bare capacity would hide.
  const [free, setFree] = useState<Map<number, number> | null>(null);
  const countedSession = sessionId ? Number(sessionId) : (sessions[0]?.session_id ?? null);
  useEffect(() => {
    if (!opened || !countedSession) return;
    let cancelled = false;
    setFree(null);
    fetchRoomAvailability(countedSession).then(
      (answer) => !cancelled && setFree(new Map(answer.data.map((room) => [room.id, room.free]))),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [opened, countedSession]);

  const enabled = rooms.filter((room) => room.enabled);
  const chosen = roomIds
    .map((id) => enabled.find((room) => String(room.id) === id))
    .filter((room): room is RoomView => !!room);
  const seatsOf = (room: RoomView) => free?.get(room.id) ?? room.capacity;
  const chosenSeats = chosen.reduce((sum, room) => sum + seatsOf(room), 0);
  const roomLabel = (room: RoomView) =>
    `${roomOptionLabel(room)}（${
      free?.has(room.id)
        ? t('tickets.auto.free', { free: seatsOf(room), capacity: room.capacity })
        : t('tickets.rooms.capacity', { n: room.capacity })
    }）`;

  const submit = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const result = await autoAssignSeats(planId, {
        shuffle,
        room_ids: roomIds.length ? roomIds.map(Number) : undefined,
        session_id: sessionId ? Number(sessionId) : undefined,
      });
      const perSession = result.sessions
        .map((entry) => {
          const session = sessions.find((s) => s.session_id === entry.session_id);
          return `${session?.name ?? entry.session_id} ${entry.seated}`;
        })
        .join('，');
      toastSuccess(
        result.seated
          ? t('tickets.auto.done', { n: result.seated, detail: perSession })
          : t('tickets.auto.nothing'),
      );
      onDone();
    } catch (error) {
      const { fields, alert } = formFailure(error, ['room_ids', 'session_id']);
      setErrors(fields);
      setFailure(alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={t('tickets.auto.title')}
      size="lg"
      data-testid="seats-auto-modal"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('tickets.auto.intro')}
        </Text>
        <Select
          label={t('tickets.auto.session')}
          placeholder={t('tickets.auto.allSessions')}
          clearable
          data={sessions.map((s) => ({
            value: String(s.session_id),
            label: `${s.name} · ${s.time_label}`,
          }))}
          value={sessionId}
          onChange={setSessionId}
          error={errors.session_id}
          data-testid="seats-auto-session"
        />
        <MultiSelect
          label={t('tickets.auto.rooms')}
          description={t('tickets.auto.roomsHint')}
          placeholder={roomIds.length ? undefined : t('tickets.auto.allRooms')}
          searchable
          clearable
          data={enabled.map((room) => ({
            value: String(room.id),
            label: roomLabel(room),
          }))}
          value={roomIds}
          onChange={setRoomIds}
          error={errors.room_ids}
          nothingFoundMessage={t('tickets.auto.noRooms')}
          data-testid="seats-auto-rooms"
        />
        {chosen.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="seats-auto-order">
            {t('tickets.auto.order')}
            {chosen.map((room, index) => `${index + 1}. ${roomOptionLabel(room)}`).join('  →  ')}
            {' · '}
            {t('tickets.auto.capacityVsNeeded', { seats: chosenSeats, n: unseated })}
          </Text>
        )}
        <Checkbox
          label={t('tickets.auto.shuffle')}
          description={t('tickets.auto.shuffleHint')}
          checked={shuffle}
          onChange={(event) => setShuffle(event.currentTarget.checked)}
          data-testid="seats-auto-shuffle"
        />
        <SeatFormActions
          failure={failure}
          busy={busy}
          submitLabel={t('tickets.auto.submit')}
          onCancel={onClose}
          onSubmit={() => void submit()}
          testIdPrefix="seats-auto"
          submitSuffix="confirm"
        />
      </Stack>
    </Modal>
  );
}
