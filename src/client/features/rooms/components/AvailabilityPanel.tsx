// Availability by session (issue 6): pick a plan and one of its sessions, then see every room with its
// capacity, the seats this session uses, the seats other sessions at an overlapping time use, what is free,
// and who is on duty there.
import {
  Alert,
  Badge,
  Button,
  Center,
  ColorSwatch,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { fetchSessionAvailability } from '../../../lib/exam-sessions/api.ts';
import {
  PlanSessionPicker,
  sessionLabel,
  type PlanSessionValue,
} from '../../../lib/exam-sessions/PlanSessionPicker.tsx';
import { availabilityTotals, roomLoad } from '../availability.ts';

const LEVEL_COLOR = { ok: 'teal', busy: 'orange', full: 'red' } as const;

export function AvailabilityPanel() {
  const t = useT();
  const [choice, setChoice] = useState<PlanSessionValue>({ planId: null, sessionId: null });
  const sessionId = choice.sessionId;
  const read = useRead(
    sessionId
      ? { key: readKey('session-availability', sessionId), fetch: () => fetchSessionAvailability(sessionId) }
      : null,
  );
  // A retry shows the loader again rather than the failure it is retrying.
  const failed = read.error !== null && !read.refreshing;
  const answer = failed ? undefined : read.data;
  const totals = answer ? availabilityTotals(answer.data) : null;

  return (
    <Stack gap="sm" data-testid="room-availability">
      <PlanSessionPicker value={choice} onChange={setChoice} testIdPrefix="availability" />
      {!choice.sessionId ? (
        <Text c="dimmed" fz="sm" data-testid="availability-empty">
          {t('staff.availability.pick')}
        </Text>
      ) : failed ? (
        <Alert color="red" title={t('common.loadFailed')}>
          <Text fz="sm">{read.error instanceof Error ? read.error.message : t('common.error')}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={read.refresh}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : !answer || !totals ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <Text fz="sm" data-testid="availability-summary">
            {sessionLabel(answer.session)} ·{' '}
            {t('staff.availability.summary', {
              rooms: totals.rooms,
              capacity: totals.capacity,
              occupied: totals.occupied,
              free: totals.free,
              staff: totals.staff,
            })}
          </Text>
          <Group gap="md">
            <Group gap={6}>
              <ColorSwatch color="var(--mantine-color-blue-filled)" size={10} />
              <Text fz="xs" c="dimmed">
                {t('staff.availability.thisSession')}
              </Text>
            </Group>
            <Group gap={6}>
              <ColorSwatch color="var(--mantine-color-grape-filled)" size={10} />
              <Text fz="xs" c="dimmed">
                {t('staff.availability.otherSessions')}
              </Text>
            </Group>
          </Group>
          {answer.data.length === 0 ? (
            <Text c="dimmed">{t('staff.availability.noRooms')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staff.availability.room')}</Table.Th>
                    <Table.Th ta="right">{t('staff.availability.capacity')}</Table.Th>
                    <Table.Th ta="right">{t('staff.availability.thisSession')}</Table.Th>
                    <Table.Th ta="right">{t('staff.availability.otherSessions')}</Table.Th>
                    <Table.Th ta="right">{t('staff.availability.free')}</Table.Th>
                    <Table.Th w={180}>{t('staff.availability.usage')}</Table.Th>
                    <Table.Th>{t('staff.availability.staff')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.data.map((room) => {
                    const load = roomLoad(room);
                    return (
                      <Table.Tr key={room.id} data-testid={`availability-room-${room.id}`}>
                        <Table.Td>
                          <Text fz="sm" fw={500}>
                            {room.name}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {room.site_name}
                          </Text>
                          {!room.enabled && (
                            <Badge size="xs" color="gray" variant="light">
                              {t('staff.availability.disabled')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{room.capacity}</Table.Td>
                        <Table.Td ta="right">{room.occupied_by_this_session}</Table.Td>
                        <Table.Td ta="right">{room.occupied_by_other_sessions}</Table.Td>
                        <Table.Td ta="right">
                          <Text fz="sm" fw={600} c={LEVEL_COLOR[load.level]}>
                            {room.free}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Tooltip
                            label={t('staff.availability.usageTip', {
                              occupied: room.occupied,
                              capacity: room.capacity,
                            })}
                          >
                            <Progress.Root size="lg" aria-label={t('staff.availability.usage')}>
                              <Progress.Section value={load.thisSession} color="blue" />
                              <Progress.Section value={load.otherSessions} color="grape" />
                            </Progress.Root>
                          </Tooltip>
                        </Table.Td>
                        <Table.Td>
                          {room.staff.length === 0 ? (
                            <Text fz="xs" c="dimmed">
                              {t('staff.availability.nobody')}
                            </Text>
                          ) : (
                            <Group gap={4}>
                              {room.staff.map((person) => (
                                <Badge key={person.id} variant="light" style={{ textTransform: 'none' }}>
                                  {person.name} · {t(`staff.roles.${person.role}`)}
                                </Badge>
                              ))}
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
