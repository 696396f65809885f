// A class's state as a coloured badge: planned grey, open green, in progress blue, finished teal, archived
// dark grey.
import { Badge } from '@mantine/core';
import type { ClassState } from '../../../../shared/training/schema.ts';

const COLORS: Record<ClassState, string> = {
  planned: 'gray',
  open: 'green',
  in_progress: 'blue',
  finished: 'teal',
  archived: 'dark',
};

export function StateBadge({ state, label, testId }: { state: ClassState; label: string; testId?: string }) {
  return (
    <Badge variant="light" color={COLORS[state]} style={{ textTransform: 'none' }} data-testid={testId}>
      {label}
    </Badge>
  );
}
