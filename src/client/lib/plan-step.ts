// What the plan page (client/app/plan-page) hands the step panels that features register on it. The page
// owns the chosen plan (`?plan=`) and its picker, and a step gets both as props, so a step (tickets,
// scores) never imports the plans feature and the plan page composes them all.
import type { ReactNode } from 'react';
import type { PlanState } from '../../shared/plans/schema.ts';

/** The part of the chosen plan's detail (GET /v1/admin/plans/:id) that the steps read. */
export interface StepPlanDetail {
  id: number;
  code: string;
  title: string;
  state: PlanState;
  organization: { id: number; name: string };
  sessions: readonly { ends_at: string }[];
}

/** The plan named by the URL's `?plan=` and its detail, reloaded on demand (after a state change). */
export interface StepPlan {
  planId: number | null;
  /** Null until loaded, or without a plan. */
  plan: StepPlanDetail | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  setPlanId: (id: number | null) => void;
}

export interface PlanStepProps {
  step: StepPlan;
  /** The page's plan picker, offering the plans in the given states. */
  planPicker: (states: readonly PlanState[]) => ReactNode;
}
