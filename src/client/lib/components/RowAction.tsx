// An icon button in a list row's action column: the label is both its tooltip and its accessible name, so
// an icon-only button still says what it does (and a red one that it deletes).
import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RowActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  disabled?: boolean;
  testId?: string;
}

export function RowAction({ label, icon, onClick, color, disabled, testId }: RowActionProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
