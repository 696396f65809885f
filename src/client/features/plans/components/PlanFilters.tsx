// Search and filters of the plan list: keyword (plan name, code or occupation), occupation, level, college,
// state and a date range that the registration window overlaps. Every change reloads from page 1.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PLAN_STATES, SKILL_LEVELS, type PlanState } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { PlanListFilters, PlanOptions } from '../api.ts';
import { levelLabel, planStateLabel } from '../labels.ts';

export interface PlanFiltersProps {
  options: PlanOptions | null;
  value: PlanListFilters;
  onChange: (filters: PlanListFilters) => void;
}

const idOrNull = (value: string | null) => (value ? Number(value) : null);

export function PlanFilters({ options, value, onChange }: PlanFiltersProps) {
  const t = useT();
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  const [debounced] = useDebouncedValue(keyword.trim(), 400);
  // The picker holds a half-chosen range itself; the list reloads once both ends are known (or cleared).
  const [range, setRange] = useState<[string | null, string | null]>([
    value.date_from ?? null,
    value.date_to ?? null,
  ]);

  useEffect(() => {
    if ((value.keyword ?? '') !== debounced) onChange({ ...value, keyword: debounced || undefined });
    // Only a settled keyword triggers a reload; the other filters apply at once below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const set = (patch: PlanListFilters) => onChange({ ...value, ...patch });
  const hasFilters = Boolean(
    value.keyword ||
    value.occupation_id ||
    value.level ||
    value.organization_id ||
    value.state ||
    value.date_from ||
    value.date_to,
  );

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="plan-filters">
      <TextInput
        w={240}
        label={t('examAffairs.filters.keyword')}
        placeholder={t('examAffairs.filters.keywordPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') set({ keyword: keyword.trim() || undefined });
        }}
        data-testid="plan-filter-keyword"
      />
      <Select
        w={200}
        label={t('examAffairs.plan.occupation')}
        placeholder={t('examAffairs.filters.all')}
        searchable
        clearable
        data={(options?.occupations ?? []).map((o) => ({
          value: String(o.id),
          label: `${o.name} (${o.code})`,
        }))}
        value={value.occupation_id ? String(value.occupation_id) : null}
        onChange={(next) => set({ occupation_id: idOrNull(next) })}
        data-testid="plan-filter-occupation"
      />
      <Select
        w={150}
        label={t('examAffairs.plan.level')}
        placeholder={t('examAffairs.filters.all')}
        clearable
        data={SKILL_LEVELS.map((level) => ({ value: String(level), label: levelLabel(t, level) }))}
        value={value.level ? String(value.level) : null}
        onChange={(next) => set({ level: idOrNull(next) })}
        data-testid="plan-filter-level"
      />
      <Select
        w={200}
        label={t('examAffairs.plan.college')}
        placeholder={t('examAffairs.filters.all')}
        searchable
        clearable
        data={(options?.colleges ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={value.organization_id ? String(value.organization_id) : null}
        onChange={(next) => set({ organization_id: idOrNull(next) })}
        data-testid="plan-filter-college"
      />
      <Select
        w={150}
        label={t('examAffairs.plan.state')}
        placeholder={t('examAffairs.filters.all')}
        clearable
        data={PLAN_STATES.map((state) => ({ value: state, label: planStateLabel(t, state) }))}
        value={value.state ?? null}
        onChange={(next) => set({ state: (next as PlanState | null) ?? null })}
        data-testid="plan-filter-state"
      />
      <DatePickerInput
        w={250}
        type="range"
        label={t('examAffairs.filters.window')}
        placeholder={t('examAffairs.filters.windowPlaceholder')}
        clearable
        allowSingleDateInRange
        valueFormat="YYYY-MM-DD"
        value={range}
        onChange={([from, to]) => {
          setRange([from, to]);
          if (from && !to) return;
          set({ date_from: from ?? null, date_to: to ?? null });
        }}
        data-testid="plan-filter-dates"
      />
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} />}
        disabled={!hasFilters}
        onClick={() => {
          setKeyword('');
          setRange([null, null]);
          onChange({});
        }}
        data-testid="plan-filter-reset"
      >
        {t('examAffairs.filters.reset')}
      </Button>
    </Group>
  );
}
