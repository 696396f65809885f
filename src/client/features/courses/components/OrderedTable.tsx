// Rows in an order the manager sets: drag a row onto another (native HTML5 drag and drop) or use the row's
// up/down buttons (keyboard). Each move is handed to the page, which saves the whole new order at once.
import { ActionIcon, Group, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

export interface OrderedTableProps<T> {
  items: readonly T[];
  rowKey: (item: T) => number;
  /** Header cells after the drag handle, before the actions. */
  head: ReactNode;
  cells: (item: T, index: number) => ReactNode;
  actions: (item: T) => ReactNode;
  onMove: (from: number, to: number) => void;
  /** A save is running: moves wait. */
  busy: boolean;
  rowTestId: (item: T) => string;
  'data-testid'?: string;
}

export function OrderedTable<T>({
  items,
  rowKey,
  head,
  cells,
  actions,
  onMove,
  busy,
  rowTestId,
  'data-testid': testId,
}: OrderedTableProps<T>) {
  const t = useT();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            {head}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr
              key={rowKey(item)}
              draggable={!busy}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(rowKey(item)));
                setDragging(index);
              }}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (over !== index) setOver(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null && dragging !== index) onMove(dragging, index);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              style={{
                cursor: busy ? 'progress' : 'grab',
                opacity: dragging === index ? 0.5 : 1,
                outline:
                  over === index && dragging !== index ? '2px dashed var(--mantine-color-blue-5)' : undefined,
              }}
              data-testid={rowTestId(item)}
            >
              <Table.Td>
                <IconGripVertical size={16} color="var(--mantine-color-gray-6)" aria-hidden />
              </Table.Td>
              {cells(item, index)}
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('courses.order.up')}
                    title={t('courses.order.up')}
                    disabled={busy || index === 0}
                    onClick={() => onMove(index, index - 1)}
                    data-testid={`up-${rowTestId(item)}`}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('courses.order.down')}
                    title={t('courses.order.down')}
                    disabled={busy || index === items.length - 1}
                    onClick={() => onMove(index, index + 1)}
                    data-testid={`down-${rowTestId(item)}`}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  {actions(item)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
