// The rooms a session of the plan uses: how full each is, its seating chart and sign-in sheet (PDFs fetched
// with the admin token), and the seat map. One session at a time, so every room's links are unique on
// the page (`sheet-seating-<roomId>`, `sheet-signin-<roomId>`).
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArmchair, IconFileTypePdf, IconLayoutGrid } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { SessionSeat } from '../../../../shared/tickets/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { openPrivateFile } from '../../../lib/uploads/use-private-file.ts';
import { fetchRoomAvailability, roomSheetPath, type RoomAvailability } from '../api.ts';
import { SeatMapModal } from './SeatMapModal.tsx';

export interface RoomSheetsProps {
  planId: number;
  sessions: readonly SessionSeat[];
  /** Changes after every seat write, so the counts are read again. */
  version: number;
}

export function RoomSheets({ planId, sessions, version }: RoomSheetsProps) {
  const t = useT();
  const [sessionId, setSessionId] = useState<number | null>(sessions[0]?.session_id ?? null);
  const [mapRoom, setMapRoom] = useState<RoomAvailability | null>(null);

  // The sessions arrive with the seat list; keep the choice while it still belongs to the plan.
  const sessionKey = sessions.map((s) => s.session_id).join(',');
  useEffect(() => {
    setSessionId((current) =>
      current && sessions.some((s) => s.session_id === current) ? current : (sessions[0]?.session_id ?? null),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sessionKey stands for sessions
  }, [sessionKey]);

  // The rooms on screen stay while another session's or the counts after a write are read.
  const read = useRead(
    sessionId
      ? {
          key: readKey('session-rooms', sessionId, version),
          fetch: async () =>
            (await fetchRoomAvailability(sessionId)).data.filter((room) => room.occupied_by_this_session > 0),
        }
      : null,
    { keepPrevious: true },
  );
  const failed = read.error !== null && !read.refreshing;
  const rooms: RoomAvailability[] | null = failed ? [] : (read.data ?? null);

  const session = sessions.find((s) => s.session_id === sessionId) ?? null;
  if (!sessions.length) return null;

  return (
    <Stack gap="sm" data-testid="room-sheets">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="h5">
          {t('tickets.rooms.title')}
        </Title>
        {sessions.length > 1 && (
          <SegmentedControl
            size="xs"
            value={sessionId ? String(sessionId) : ''}
            onChange={(value) => setSessionId(Number(value))}
            data={sessions.map((s) => ({ value: String(s.session_id), label: s.name }))}
            data-testid="room-sheets-session"
          />
        )}
      </Group>
      {session && (
        <Text size="xs" c="dimmed">
          {session.name} · {session.time_label}
        </Text>
      )}
      {rooms === null ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : failed ? (
        <Alert color="red">{t('common.loadFailed')}</Alert>
      ) : rooms.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="room-sheets-empty">
          {t('tickets.rooms.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {rooms.map((room) => (
            <Card key={room.id} withBorder radius="md" padding="sm" data-testid={`room-card-${room.id}`}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm" fw={600}>
                      {room.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {room.site_name}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <IconArmchair size={14} />
                    <Text size="xs" data-testid={`room-occupied-${room.id}`}>
                      {room.occupied_by_this_session}/{room.capacity}
                    </Text>
                  </Group>
                </Group>
                <Progress.Root size="sm">
                  <Progress.Section
                    value={(room.occupied_by_this_session / Math.max(1, room.capacity)) * 100}
                    color="teal"
                  />
                  <Progress.Section
                    value={(room.occupied_by_other_sessions / Math.max(1, room.capacity)) * 100}
                    color="gray"
                  />
                </Progress.Root>
                {room.occupied_by_other_sessions > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('tickets.rooms.otherSessions', { n: room.occupied_by_other_sessions })}
                  </Text>
                )}
                <Group gap={6} mt={4}>
                  {(['seating', 'signin'] as const).map((kind) => (
                    <Button
                      key={kind}
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconFileTypePdf size={14} />}
                      onClick={() =>
                        sessionId &&
                        void openPrivateFile(
                          roomSheetPath(planId, room.id, sessionId, kind),
                          'administrators',
                        )
                      }
                      data-testid={`sheet-${kind}-${room.id}`}
                    >
                      {t(`tickets.rooms.${kind}`)}
                    </Button>
                  ))}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconLayoutGrid size={14} />}
                    onClick={() => setMapRoom(room)}
                    data-testid={`room-map-${room.id}`}
                  >
                    {t('tickets.rooms.map')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <SeatMapModal
        planId={planId}
        room={mapRoom}
        session={session}
        version={version}
        onClose={() => setMapRoom(null)}
      />
    </Stack>
  );
}
