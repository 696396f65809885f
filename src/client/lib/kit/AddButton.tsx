// A list page's "add" button (a plus before the label), in the filter bar's actions: it opens the
// create panel.
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface AddButtonProps {
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  testId?: string;
}

export function AddButton({ onClick, children, disabled, testId }: AddButtonProps) {
  return (
    <Button leftSection={<IconPlus size={14} />} onClick={onClick} disabled={disabled} data-testid={testId}>
      {children}
    </Button>
  );
}
