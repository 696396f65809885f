// The plan page's step tabs (plan-steps.ts), the active one named by ?step=. A college administrator gets
// its exam-registration step as the first tab; founder and manager get plan management there (`examPanel`).
// Switching tabs rewrites the query (keeping the chosen ?plan=), so the sidebar's step entries, the tags
// view and the URL agree.
import { Alert, Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, lazy, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../lib/i18n/index.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import type { PlanStepProps } from '../../lib/plan-step.ts';
import { PLAN_STEP_ORDER, planStepTabs, type PlanStepKey } from './plan-steps.ts';
import { StepPlanPicker, useStepPlan } from './StepPlanPicker.tsx';

/** A step that works on one plan, given the plan of the URL (?plan=) and the page's picker. */
export function PlanStepPanel({ Panel }: { Panel: ComponentType<PlanStepProps> }) {
  const step = useStepPlan();
  const planPicker = (states: readonly PlanState[]) => (
    <StepPlanPicker states={states} selected={step.plan} />
  );
  return <Panel step={step} planPicker={planPicker} />;
}

const panels = new Map<PlanStepKey, LazyExoticComponent<ComponentType>>();
function panelOf(step: PlanStepKey) {
  const tab = planStepTabs[step];
  if (!tab) return null;
  let panel = panels.get(step);
  if (!panel) {
    if (tab.choosesPlan) {
      const load = tab.load;
      panel = lazy(() =>
        load().then(({ default: Step }) => ({
          default: function ChosenPlanStep() {
            return <PlanStepPanel Panel={Step} />;
          },
        })),
      );
    } else {
      panel = lazy(tab.load);
    }
    panels.set(step, panel);
  }
  return panel;
}

/** The query of another step's tab: the step, and the plan chosen in the current one if any. */
export function stepSearch(search: string, step: PlanStepKey): string {
  const plan = new URLSearchParams(search).get('plan');
  const next = new URLSearchParams({ step });
  if (plan) next.set('plan', plan);
  return `?${next.toString()}`;
}

export interface PlanStepsProps {
  step: PlanStepKey;
  /** Shown in place of the registered exam step (founder and manager: plan management). */
  examPanel?: ReactNode;
  /** i18n key of the exam tab's title when `examPanel` replaces it. */
  examLabelKey?: string;
}

export function PlanSteps({ step, examPanel, examLabelKey }: PlanStepsProps) {
  const t = useT();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const Panel = useMemo(() => (step === 'exam' && examPanel ? null : panelOf(step)), [step, examPanel]);
  const labelKey = (key: PlanStepKey) =>
    key === 'exam' && examLabelKey ? examLabelKey : (planStepTabs[key]?.labelKey ?? `plans.steps.${key}`);
  return (
    <Stack gap="md" data-testid="plan-steps">
      {!examPanel && (
        <Title order={2} fz="h3">
          {t('plans.steps.title')}
        </Title>
      )}
      <Tabs
        value={step}
        onChange={(next) => next && navigate(`${location}${stepSearch(search, next as PlanStepKey)}`)}
        keepMounted={false}
      >
        <Tabs.List>
          {PLAN_STEP_ORDER.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`plan-step-${key}`}>
              {t(labelKey(key))}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {step === 'exam' && examPanel ? (
        examPanel
      ) : Panel ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader />
            </Center>
          }
        >
          <Panel />
        </Suspense>
      ) : (
        <Alert icon={<IconInfoCircle size={18} />} color="gray" data-testid="plan-step-not-open">
          {t('plans.steps.notOpen')}
        </Alert>
      )}
    </Stack>
  );
}
