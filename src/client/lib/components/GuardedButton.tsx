// A button the plan's state may forbid: disabled, with a tooltip saying why. The tooltip hangs on a
// wrapper because a disabled <button> gets no pointer events.
import { Box, Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface GuardedButtonProps extends ButtonProps {
  /** Why the action is not available now; null when it is. */
  blockedBy: string | null;
  onClick: () => void;
  children: ReactNode;
  'data-testid': string;
}

export function GuardedButton({ blockedBy, onClick, children, ...props }: GuardedButtonProps) {
  return (
    <Tooltip label={blockedBy ?? ''} disabled={!blockedBy} multiline maw={320} withArrow>
      <Box component="span" display="inline-block">
        <Button {...props} disabled={!!blockedBy || props.disabled} onClick={onClick}>
          {children}
        </Button>
      </Box>
    </Tooltip>
  );
}
