// The plan picker of the plan page's ticket and scoring steps (`step-plan-picker`). The chosen plan lives in the URL
// (`?plan=<id>`, next to `?step=`), so a link from plan management, a reload and the browser's back button
// all land on the same plan. `useStepPlan()` reads it and loads the plan's detail for the step's panel.
// The plan list takes one state per request, so the picker asks once per allowed state and merges.
import { Badge, Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedState } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { PlanState } from '../../../shared/plans/schema.ts';
import { readKey, useRead } from '../../lib/data/use-read.ts';
import { useT } from '../../lib/i18n/index.ts';
import type { StepPlan as StepPlanView } from '../../lib/plan-step.ts';
import {
  fetchPlan,
  fetchPlans,
  type ExamPlanDetail,
  type ExamPlanSummary,
} from '../../features/plans/api.ts';
import { PLAN_STATE_COLORS, planStateLabel } from '../../lib/plan-labels.ts';
import { failureText } from '../../lib/data/failure-text.ts';

/** Plans per state the picker offers at most; the keyword search reaches the others. */
const PICKER_LIMIT = 100;

/** `?plan=` as a positive id, else null. */
export function planIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('plan');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}

/** The plan id of the URL and a setter that rewrites `?plan=` and keeps every other parameter (`step`). */
export function useStepPlanId(): [number | null, (id: number | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const planId = planIdFromSearch(search);
  const setPlanId = useCallback(
    (id: number | null) => {
      const params = new URLSearchParams(search);
      if (id) params.set('plan', String(id));
      else params.delete('plan');
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location);
    },
    [search, location, navigate],
  );
  return [planId, setPlanId];
}

export interface StepPlan extends StepPlanView {
  /** The plan's detail (pass lines, sessions, state), null until loaded or without a plan. */
  plan: ExamPlanDetail | null;
}

/** The step's plan: the URL's `?plan=` and its detail, reloaded on demand (after a state change). */
export function useStepPlan(): StepPlan {
  const [planId, setPlanId] = useStepPlanId();
  // The plan stays while it is asked again (after a state change); a failure shows no plan.
  const read = useRead(
    planId ? { key: readKey('step-plan', planId), fetch: () => fetchPlan(planId) } : null,
    {
      keepPrevious: true,
    },
  );
  const failure = read.refreshing ? null : read.error;
  const plan = read.error === null && read.data?.id === planId ? read.data : null;
  return {
    planId,
    plan,
    loading: read.refreshing,
    error: failure === null ? null : failureText(failure),
    reload: read.refresh,
    setPlanId,
  };
}

/** Plans of the given states, newest first, without duplicates. */
export function mergePlanLists(lists: readonly (readonly ExamPlanSummary[])[]): ExamPlanSummary[] {
  const byId = new Map<number, ExamPlanSummary>();
  for (const list of lists) for (const plan of list) byId.set(plan.id, plan);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

const optionLabel = (plan: Pick<ExamPlanSummary, 'title' | 'code'>) => `${plan.title}（${plan.code}）`;

export interface StepPlanPickerProps {
  /** Plan states the step works on. */
  states: readonly PlanState[];
  /** The loaded plan (from `useStepPlan`), so the current choice has a label before the list arrives. */
  selected?: ExamPlanSummary | null;
  w?: number | string;
}

export function StepPlanPicker({ states, selected, w = 420 }: StepPlanPickerProps) {
  const t = useT();
  const [planId, setPlanId] = useStepPlanId();
  const [search, setSearch] = useState('');
  const statesKey = states.join(',');
  // The list on screen stays while another keyword's is asked; a failure keeps it (the toast says why).
  // The keyword is set below, from the search text and the list's own labels, once typing pauses.
  const [debouncedKeyword, setDebouncedKeyword] = useDebouncedState('', 350);
  const list = useRead(
    {
      key: readKey('step-plan-choices', statesKey, debouncedKeyword),
      fetch: async () =>
        mergePlanLists(
          await Promise.all(
            statesKey.split(',').map((state) =>
              fetchPlans({
                page: 1,
                limit: PICKER_LIMIT,
                state: state as PlanState,
                keyword: debouncedKeyword || undefined,
              }).then((answer) => answer.data),
            ),
          ),
        ),
    },
    { keepPrevious: true },
  );
  const plans = useMemo(() => list.data ?? [], [list.data]);
  const loading = list.refreshing;
  // The chosen plan, from the step (its detail) or the list; kept among the options while searching.
  const known =
    (selected && selected.id === planId ? selected : plans.find((plan) => plan.id === planId)) ?? null;
  const selectedLabel = known ? optionLabel(known) : null;
  // Mantine shows the chosen option's label as the search text: that is not a query.
  const keyword = search.trim() && search !== selectedLabel ? search.trim() : '';
  useEffect(() => setDebouncedKeyword(keyword), [keyword, setDebouncedKeyword]);

  const options = useMemo(() => {
    if (!known || plans.some((plan) => plan.id === known.id)) return plans;
    return [known, ...plans];
  }, [plans, known]);
  const byValue = useMemo(() => new Map(options.map((plan) => [String(plan.id), plan])), [options]);

  return (
    <Select
      w={w}
      maw="100%"
      label={t('scores.picker.label')}
      placeholder={t('scores.picker.placeholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={loading ? t('scores.picker.loading') : t('scores.picker.nothing')}
      rightSection={loading ? <Loader size="xs" /> : undefined}
      data={options.map((plan) => ({ value: String(plan.id), label: optionLabel(plan) }))}
      value={planId ? String(planId) : null}
      onChange={(value) => setPlanId(value ? Number(value) : null)}
      renderOption={({ option }) => {
        const plan = byValue.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Text size="sm" lineClamp={1}>
              {option.label}
            </Text>
            {plan && (
              <Badge size="xs" variant="light" color={PLAN_STATE_COLORS[plan.state] ?? 'gray'}>
                {planStateLabel(t, plan.state)}
              </Badge>
            )}
          </Group>
        );
      }}
      data-testid="step-plan-picker"
    />
  );
}
