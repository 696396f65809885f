// The occupation (工种) and level pair every form that targets a certification picks: the level offers only
// the chosen occupation's levels, and a new occupation keeps the level only when it offers it too. Used by
// the course, question-bank and training program forms; the texts come from the form's own area.
import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OccupationOption } from '../../../shared/plans/schema.ts';

export type OccupationChoice = Pick<OccupationOption, 'id' | 'name' | 'levels'>;

export interface OccupationLevelValue {
  /** '' for none. */
  occupation_id: string;
  /** '' for none. */
  level: string;
}

export interface OccupationLevelSelectProps extends OccupationLevelValue {
  occupations: readonly OccupationChoice[];
  onChange: (value: OccupationLevelValue) => void;
  labels: {
    occupation: string;
    level: string;
    /** The occupation's placeholder (e.g. "none"). */
    noOccupation?: string;
    /** The level's placeholder while no occupation is chosen. */
    pickOccupation: string;
  };
  /** Both required (else the level only once an occupation is chosen). */
  required?: boolean;
  /** The occupation may be cleared. */
  clearable?: boolean;
  occupationError?: ReactNode;
  levelError?: ReactNode;
  /** data-testid prefix: `<prefix>-occupation`, `<prefix>-level`. */
  testIdPrefix: string;
}

export function OccupationLevelSelect({
  occupations,
  occupation_id: occupationId,
  level,
  onChange,
  labels,
  required = false,
  clearable = false,
  occupationError,
  levelError,
  testIdPrefix,
}: OccupationLevelSelectProps) {
  const occupation = occupations.find((o) => String(o.id) === occupationId);
  return (
    <Group grow align="flex-start">
      <Select
        label={labels.occupation}
        placeholder={labels.noOccupation}
        required={required}
        clearable={clearable}
        searchable
        data={occupations.map((o) => ({ value: String(o.id), label: o.name }))}
        value={occupationId || null}
        onChange={(value) => {
          const levels = occupations.find((o) => String(o.id) === value)?.levels ?? [];
          onChange({
            occupation_id: value ?? '',
            level: levels.some((l) => String(l.level) === level) ? level : '',
          });
        }}
        error={occupationError}
        data-testid={`${testIdPrefix}-occupation`}
      />
      <Select
        label={labels.level}
        required={required || Boolean(occupation)}
        disabled={!occupation}
        data={(occupation?.levels ?? []).map((l) => ({ value: String(l.level), label: l.name }))}
        value={level || null}
        onChange={(value) => onChange({ occupation_id: occupationId, level: value ?? '' })}
        placeholder={occupation ? undefined : labels.pickOccupation}
        error={levelError}
        data-testid={`${testIdPrefix}-level`}
      />
    </Group>
  );
}
