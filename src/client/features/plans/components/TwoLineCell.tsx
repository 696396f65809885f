// A list cell of two lines: the value, and a dimmed detail under it (a plan's code, a learner's username).
import { Text } from '@mantine/core';

export interface TwoLineCellProps {
  main: string;
  detail: string;
  /** The value in medium weight: the row's name. */
  strong?: boolean;
  testId?: string;
}

export function TwoLineCell({ main, detail, strong = false, testId }: TwoLineCellProps) {
  return (
    <div>
      <Text size="sm" fw={strong ? 500 : undefined} data-testid={testId}>
        {main}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </div>
  );
}
