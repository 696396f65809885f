import {
  ActionIcon,
  Button,
  Code,
  Group,
  Indicator,
  Modal,
  ScrollArea,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconBug } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { clearErrorLogs, errorLogs } from '../../../lib/state/error-log.ts';
import { parseTime } from '../../../lib/utils/format-time.ts';

/** Error-log dialog with a badge (spec §2): shown once something was logged (production, spec §9). */
export function ErrorLogButton() {
  useSignals();
  const t = useT();
  const [opened, setOpened] = useState(false);
  const logs = errorLogs.value;
  if (logs.length === 0 && !opened) return null;
  const label = t('manage.errorLog.open', { count: logs.length });
  return (
    <>
      <Tooltip label={label}>
        <Indicator label={logs.length} size={16} color="red" offset={4} disabled={logs.length === 0}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={label}
            onClick={() => setOpened(true)}
            data-testid="error-log-open"
          >
            <IconBug size={18} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('manage.errorLog.title')}
        size="xl"
        data-testid="error-log-dialog"
      >
        {logs.length === 0 ? (
          <Text c="dimmed">{t('manage.errorLog.empty')}</Text>
        ) : (
          <ScrollArea.Autosize mah="60vh">
            <Table striped withTableBorder verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('manage.errorLog.message')}</Table.Th>
                  <Table.Th>{t('manage.errorLog.page')}</Table.Th>
                  <Table.Th>{t('manage.errorLog.stack')}</Table.Th>
                  <Table.Th>{t('manage.errorLog.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...logs].reverse().map((log, i) => (
                  <Table.Tr key={`${log.time}-${i}`}>
                    <Table.Td>{log.message}</Table.Td>
                    <Table.Td>
                      <Text size="xs" style={{ wordBreak: 'break-all' }}>
                        {log.page}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {log.stack ? (
                        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>
                          {log.stack}
                        </Code>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{parseTime(log.time)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            disabled={logs.length === 0}
            onClick={() => {
              clearErrorLogs();
              setOpened(false);
            }}
          >
            {t('manage.errorLog.clear')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
