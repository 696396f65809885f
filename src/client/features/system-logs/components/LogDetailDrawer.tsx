// One log row in full: who, when, what and from where, and its detail as small tables: the detail's own
// values (a name, a reason, a batch's counts) and before → after for each changed field.
import { Drawer, Stack, Table, Text } from '@mantine/core';
import { chinaWallIso } from '../../../../shared/api/china-time.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { actionLabel } from '../action-label.ts';
import type { SystemLogView } from '../api.ts';
import { detailRows } from '../detail-rows.ts';

/** '2026-06-20 09:00:05' in China time. */
export const logTime = (iso: string) => chinaWallIso(new Date(iso)).slice(0, 19).replace('T', ' ');

function DetailTables({ detail }: { detail: Record<string, unknown> }) {
  const t = useT();
  const { changes, values } = detailRows(detail);
  if (changes.length === 0 && values.length === 0)
    return <Text c="dimmed">{t('systemLogs.detail.nothing')}</Text>;
  return (
    <>
      {values.length > 0 && (
        <Table withTableBorder withColumnBorders data-testid="system-log-detail-values">
          <Table.Tbody>
            {values.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Th w={160}>{row.field}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {changes.length > 0 && (
        <Table withTableBorder withColumnBorders striped data-testid="system-log-detail-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('systemLogs.detail.field')}</Table.Th>
              <Table.Th>{t('systemLogs.detail.before')}</Table.Th>
              <Table.Th>{t('systemLogs.detail.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Td>{row.field}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.before}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.after}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

export function LogDetailDrawer({ log, onClose }: { log: SystemLogView | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer
      opened={log !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('systemLogs.detail.title')}
      data-testid="system-log-detail"
    >
      {log && (
        <Stack gap="sm">
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>{t('systemLogs.columns.time')}</Table.Th>
                <Table.Td>{logTime(log.created_at)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('systemLogs.columns.administrator')}</Table.Th>
                <Table.Td>{log.administrator_name || t('systemLogs.detail.system')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('systemLogs.columns.action')}</Table.Th>
                <Table.Td>
                  {actionLabel(t, log.action)}
                  <Text span c="dimmed" fz="xs" ml="xs">
                    {log.action}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('systemLogs.columns.target')}</Table.Th>
                <Table.Td>{[log.target_type, log.target_id].filter(Boolean).join(' #') || '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('systemLogs.columns.ip')}</Table.Th>
                <Table.Td>{log.ip || '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <DetailTables detail={log.detail} />
        </Stack>
      )}
    </Drawer>
  );
}
