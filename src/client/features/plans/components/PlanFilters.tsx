// Search and filters of the plan list: keyword (plan name, code or occupation), occupation, level, college,
// state and a date range that the registration window overlaps. Kept in the URL; every change reloads from
// page 1.
import { PLAN_STATES, SKILL_LEVELS, type PlanState } from '../../../../shared/plans/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { FilterDateRange } from '../../../lib/kit/FilterDateRange.tsx';
import type { FilterValues, ListState } from '../../../lib/kit/list-state.ts';
import type { PlanListFilters, PlanOptions } from '../api.ts';
import { levelLabel, planStateLabel } from '../../../lib/plan-labels.ts';

export const PLAN_FILTERS = {
  keyword: '',
  occupation_id: '',
  level: '',
  organization_id: '',
  state: '',
  date_from: '',
  date_to: '',
};

export type PlanFilterKey = keyof typeof PLAN_FILTERS;

const idOrNull = (value: string) => (value ? Number(value) : null);

/** The list endpoint's parameters for the filters as the URL holds them. */
export function planListFilters(filters: FilterValues<PlanFilterKey>): PlanListFilters {
  return {
    keyword: filters.keyword || undefined,
    occupation_id: idOrNull(filters.occupation_id),
    level: idOrNull(filters.level),
    organization_id: idOrNull(filters.organization_id),
    state: (PLAN_STATES as readonly string[]).includes(filters.state) ? (filters.state as PlanState) : null,
    date_from: filters.date_from || null,
    date_to: filters.date_to || null,
  };
}

export interface PlanFiltersProps {
  options: PlanOptions | null;
  list: Pick<ListState<PlanFilterKey>, 'query' | 'setFilters' | 'reset' | 'filtered'>;
}

export function PlanFilters({ options, list }: PlanFiltersProps) {
  const t = useT();
  return (
    <FilterBar
      list={list}
      framed
      withReset
      resetLabel={t('plans.filters.reset')}
      resetTestId="plan-filter-reset"
      data-testid="plan-filters"
    >
      <FilterText
        name="keyword"
        w={240}
        label={t('plans.filters.keyword')}
        placeholder={t('plans.filters.keywordPlaceholder')}
        data-testid="plan-filter-keyword"
      />
      <FilterSelect
        name="occupation_id"
        w={200}
        label={t('plans.plan.occupation')}
        placeholder={t('plans.filters.all')}
        searchable
        data={(options?.occupations ?? []).map((o) => ({
          value: String(o.id),
          label: `${o.name} (${o.code})`,
        }))}
        data-testid="plan-filter-occupation"
      />
      <FilterSelect
        name="level"
        w={150}
        label={t('plans.plan.level')}
        placeholder={t('plans.filters.all')}
        data={SKILL_LEVELS.map((level) => ({ value: String(level), label: levelLabel(t, level) }))}
        data-testid="plan-filter-level"
      />
      <FilterSelect
        name="organization_id"
        w={200}
        label={t('plans.plan.college')}
        placeholder={t('plans.filters.all')}
        searchable
        data={(options?.colleges ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        data-testid="plan-filter-college"
      />
      <FilterSelect
        name="state"
        w={150}
        label={t('plans.plan.state')}
        placeholder={t('plans.filters.all')}
        data={PLAN_STATES.map((state) => ({ value: state, label: planStateLabel(t, state) }))}
        data-testid="plan-filter-state"
      />
      <FilterDateRange
        from="date_from"
        to="date_to"
        w={250}
        label={t('plans.filters.window')}
        placeholder={t('plans.filters.windowPlaceholder')}
        data-testid="plan-filter-dates"
      />
    </FilterBar>
  );
}
