// A room's seat map for one session: the rows × cols grid (seats numbered 1..capacity row by row, the
// rest of the grid is no seat), each seat with its candidate's name and ticket number.
import { Alert, Box, Center, Loader, Modal, Paper, ScrollArea, Stack, Text } from '@mantine/core';

import type { SessionSeat } from '../../../../shared/tickets/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchPlanSeats, type RoomAvailability, type SeatCandidate } from '../api.ts';

/** Largest page of the seat list; a room holds at most 200 seats, so two pages at most. */
const PAGE = 100;

/** Seat number -> the candidate seated there during the session, in this room. */
export function seatOccupants(candidates: readonly SeatCandidate[], roomId: number, sessionId: number) {
  const bySeat = new Map<number, SeatCandidate>();
  for (const candidate of candidates) {
    const seat = candidate.sessions.find((s) => s.session_id === sessionId);
    if (seat?.room_id === roomId && seat.seat_no != null) bySeat.set(seat.seat_no, candidate);
  }
  return bySeat;
}

async function roomCandidates(planId: number, roomId: number, sessionId: number) {
  const query = { room_id: roomId, session_id: sessionId, limit: PAGE };
  const first = await fetchPlanSeats(planId, { ...query, page: 1 });
  const rest = first.meta.total > PAGE ? (await fetchPlanSeats(planId, { ...query, page: 2 })).data : [];
  return [...first.data, ...rest];
}

export interface SeatMapModalProps {
  planId: number;
  room: RoomAvailability | null;
  session: SessionSeat | null;
  version: number;
  onClose: () => void;
}

export function SeatMapModal({ planId, room, session, version, onClose }: SeatMapModalProps) {
  const t = useT();
  const roomId = room?.id ?? null;
  const sessionId = session?.session_id ?? null;
  const read = useRead(
    roomId && sessionId
      ? {
          key: readKey('seat-map', planId, roomId, sessionId, version),
          fetch: async () =>
            seatOccupants(await roomCandidates(planId, roomId, sessionId), roomId, sessionId),
        }
      : null,
  );
  const occupants = read.data ?? null;
  const failed = read.error !== null && !read.refreshing;

  const cells = room ? Array.from({ length: room.rows * room.cols }, (_, index) => index + 1) : [];

  return (
    <Modal
      opened={room !== null}
      onClose={onClose}
      size="auto"
      title={
        room
          ? t('tickets.map.title', { room: `${room.site_name} · ${room.name}`, session: session?.name ?? '' })
          : ''
      }
      data-testid="seat-map-modal"
    >
      {failed ? (
        <Alert color="red">{t('common.loadFailed')}</Alert>
      ) : !occupants || !room ? (
        <Center py="xl" miw={300}>
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="sm">
          <Paper bg="gray.1" py={4} ta="center" radius="sm">
            <Text size="xs" c="dimmed">
              {t('tickets.map.front')}
            </Text>
          </Paper>
          <ScrollArea type="auto">
            <Box
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${room.cols}, minmax(88px, 1fr))`,
                gap: 6,
              }}
              data-testid="seat-map-grid"
            >
              {cells.map((seatNo) => {
                if (seatNo > room.capacity) return <Box key={seatNo} />;
                const candidate = occupants.get(seatNo);
                return (
                  <Paper
                    key={seatNo}
                    withBorder
                    p={6}
                    radius="sm"
                    bg={candidate ? 'teal.0' : undefined}
                    data-testid={`seat-map-seat-${seatNo}`}
                  >
                    <Text size="xs" c="dimmed">
                      {t('tickets.seat.no', { n: seatNo })}
                    </Text>
                    <Text size="sm" fw={500} lineClamp={1}>
                      {candidate ? candidate.name : '—'}
                    </Text>
                    {candidate?.ticket_no && (
                      <Text size="10px" c="dimmed" ff="monospace">
                        {candidate.ticket_no}
                      </Text>
                    )}
                  </Paper>
                );
              })}
            </Box>
          </ScrollArea>
          <Text size="xs" c="dimmed">
            {t('tickets.map.legend', { seated: occupants.size, capacity: room.capacity })}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
