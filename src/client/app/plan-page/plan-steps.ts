// The steps of the plan page (spec §2: plan/index?step=exam|ticket|scoring), each a lazily loaded panel of
// the feature that owns it: plans (the college's exam registration), tickets, scores. The page shows the
// registered steps as tabs and opens the one named by ?step=; a step that works on one chosen plan gets the
// page's plan (?plan=) and picker as props (lib/plan-step.ts), so the features never import each other.
// A step named in the URL but not registered here shows a "not open yet" notice, never a crash.
import type { ComponentType } from 'react';
import type { PlanStepProps } from '../../lib/plan-step.ts';

export type PlanStepKey = 'exam' | 'ticket' | 'scoring';

/** Every step in menu order, whether built yet or not (the tab bar shows all three). */
export const PLAN_STEP_ORDER: readonly PlanStepKey[] = ['exam', 'ticket', 'scoring'];

export type PlanStepTab =
  | {
      /** i18n key of the tab title. */
      labelKey: string;
      choosesPlan?: false;
      load: () => Promise<{ default: ComponentType }>;
    }
  | {
      labelKey: string;
      /** The step works on the plan chosen with the page's picker. */
      choosesPlan: true;
      load: () => Promise<{ default: ComponentType<PlanStepProps> }>;
    };

export const planStepTabs: Partial<Record<PlanStepKey, PlanStepTab>> = {
  exam: {
    labelKey: 'plans.steps.exam',
    load: () => import('../../features/plans/steps/ExamRegistrationStep.tsx'),
  },
  ticket: {
    labelKey: 'plans.steps.ticket',
    choosesPlan: true,
    load: () => import('../../features/tickets/components/TicketStep.tsx'),
  },
  scoring: {
    labelKey: 'plans.steps.scoring',
    choosesPlan: true,
    load: () => import('../../features/scores/components/ScoringStep.tsx'),
  },
};

export const isPlanStep = (value: string | null | undefined): value is PlanStepKey =>
  value === 'exam' || value === 'ticket' || value === 'scoring';
