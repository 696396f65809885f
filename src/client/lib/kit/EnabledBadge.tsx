// Whether a record (a room, a person, an institution) is in use: teal when enabled, grey when disabled,
// in the area's own words; and the list column that shows it.
import { Badge } from '@mantine/core';
import type { ListPageColumn } from './ListPageTable.tsx';

export interface EnabledLabels {
  enabledLabel: string;
  disabledLabel: string;
}

export interface EnabledBadgeProps extends EnabledLabels {
  enabled: boolean;
  testId?: string;
}

export function EnabledBadge({ enabled, enabledLabel, disabledLabel, testId }: EnabledBadgeProps) {
  return (
    <Badge
      variant="light"
      color={enabled ? 'teal' : 'gray'}
      style={{ textTransform: 'none' }}
      data-testid={testId}
    >
      {enabled ? enabledLabel : disabledLabel}
    </Badge>
  );
}

/** The `enabled` column of a list: its title and the badge. */
export function enabledColumn<T extends { enabled: boolean }>({
  title,
  ...labels
}: EnabledLabels & { title: string }): ListPageColumn<T> {
  return {
    accessor: 'enabled',
    title,
    render: (row) => <EnabledBadge enabled={row.enabled} {...labels} />,
  };
}
