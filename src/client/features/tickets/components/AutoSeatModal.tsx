// Automatic seating (`seats-auto`): seats every paid candidate still without a seat, filling the chosen
// rooms in the order they were picked (none picked: every enabled room, by site and name), optionally
// interleaving employers. Too few seats come back as a 422 on `room_ids` and nothing is written.
import { Checkbox, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RoomView } from '../../../../shared/rooms/schema.ts';
import { autoSeatSchema, type SessionSeat } from '../../../../shared/tickets/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { autoAssignSeats, fetchRoomAvailability } from '../api.ts';
import { SeatFormActions, formFailure } from './SeatFormActions.tsx';
import { roomOptionLabel } from './seating.ts';
import { toastSuccess } from '../../../lib/toast.ts';

interface Values {
  session_id: string | null;
  room_ids: string[];
  shuffle: boolean;
}

/** The body of the automatic seating call: no rooms or session chosen means all of them. */
const autoSeatInput = (values: Values) => ({
  shuffle: values.shuffle,
  room_ids: values.room_ids.length ? values.room_ids.map(Number) : undefined,
  session_id: values.session_id ? Number(values.session_id) : undefined,
});

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    form,
    submitting: busy,
    handleSubmit,
  } = useSchemaForm<Values>({
    mode: 'controlled',
    initialValues: { session_id: null, room_ids: [], shuffle: false },
    schema: autoSeatSchema,
    toInput: autoSeatInput,
  });
  const { session_id: sessionId, room_ids: roomIds } = form.values;

  useEffect(() => {
    if (!opened) return;
    form.clearErrors();
    setFailure(null);
    // The form object is stable; opening keeps the last choices and drops the last messages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  // Free seats per room during the chosen session (else the first one): overlapping sessions of other
  // plans hold seats too, which the bare capacity would hide.
  const countedSession = sessionId ? Number(sessionId) : (sessions[0]?.session_id ?? null);
  const free =
    useRead(
      opened && countedSession
        ? {
            key: readKey('room-free', countedSession),
            fetch: async () =>
              new Map((await fetchRoomAvailability(countedSession)).data.map((room) => [room.id, room.free])),
          }
        : null,
    ).data ?? null;

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

  const save = handleSubmit(
    async (values) => {
      const result = await autoAssignSeats(planId, autoSeatInput(values));
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
    },
    { onError: (error, _placed, unplaced) => setFailure(formFailure(error, unplaced)) },
  );
  const submit = () => {
    setFailure(null);
    save();
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
          {...form.getInputProps('session_id')}
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
          {...form.getInputProps('room_ids')}
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
          {...form.getInputProps('shuffle', { type: 'checkbox' })}
          data-testid="seats-auto-shuffle"
        />
        <SeatFormActions
          failure={failure}
          busy={busy}
          submitLabel={t('tickets.auto.submit')}
          onCancel={onClose}
          onSubmit={submit}
          testIdPrefix="seats-auto"
          submitSuffix="confirm"
        />
      </Stack>
    </Modal>
  );
}
