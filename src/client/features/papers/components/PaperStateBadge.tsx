// A paper's state: draft (grey) or approved (green).
import { Badge } from '@mantine/core';
import type { PaperState } from '../../../../shared/papers/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';

export function PaperStateBadge({ state, testId }: { state: PaperState; testId?: string }) {
  const t = useT();
  return (
    <Badge
      variant="light"
      color={state === 'approved' ? 'green' : 'gray'}
      style={{ textTransform: 'none' }}
      data-testid={testId}
    >
      {t(`papers.states.${state}`)}
    </Badge>
  );
}
