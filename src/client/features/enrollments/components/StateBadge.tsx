import { Badge } from '@mantine/core';
import type { EnrollmentState } from '../../../../shared/enrollments/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { STATE_COLORS } from '../enrollment-state.ts';

export function StateBadge({ state }: { state: EnrollmentState }) {
  const t = useT();
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content', textTransform: 'none' }}
      data-testid="enrollment-state"
      data-state={state}
    >
      {t(`enrollments.state.${state}`)}
    </Badge>
  );
}
