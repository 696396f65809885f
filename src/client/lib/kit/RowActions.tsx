// A list row's action buttons (icons with their label as tooltip and accessible name), right-aligned in
// the row's last column.
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowAction, type RowActionProps } from '../components/RowAction.tsx';

/** One button of a row: its props and a key unique in the row. */
export type RowActionItem = RowActionProps & { key: string };

export interface RowActionsProps {
  actions: RowActionItem[];
  /** Anything else the row offers (a menu of further actions). */
  children?: ReactNode;
  justify?: 'flex-start' | 'flex-end';
}

export function RowActions({ actions, children, justify = 'flex-end' }: RowActionsProps) {
  return (
    <Group gap={4} justify={justify} wrap="nowrap">
      {actions.map(({ key, ...action }) => (
        <RowAction key={key} {...action} />
      ))}
      {children}
    </Group>
  );
}
