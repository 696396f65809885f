// The college administrator's step entries of the plan page (spec §2: plan/index?step=exam|ticket|scoring).
// Each step is a lazily loaded panel; the page shows the registered steps as tabs and opens the one
// named by ?step=. Engineers building the ticket and scoring steps: add ONE entry below, e.g.
//   ticket: { labelKey: 'examAffairs.steps.ticket', load: () => import('./steps/TicketStep.tsx') },
// A step named in the URL but not registered here shows a "not open yet" notice, never a crash.
import type { ComponentType } from 'react';

export type PlanStepKey = 'exam' | 'ticket' | 'scoring';

/** Every step in menu order, whether built yet or not (the tab bar shows all three). */
export const PLAN_STEP_ORDER: readonly PlanStepKey[] = ['exam', 'ticket', 'scoring'];

export interface PlanStepTab {
  /** i18n key of the tab title. */
  labelKey: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const planStepTabs: Partial<Record<PlanStepKey, PlanStepTab>> = {
  exam: { labelKey: 'examAffairs.steps.exam', load: () => import('./steps/ExamRegistrationStep.tsx') },
  // ---- step slots for the ticket and scoring engineers (one line each) ----
  ticket: { labelKey: 'examAffairs.steps.ticket', load: () => import('./steps/TicketStep.tsx') },
  scoring: { labelKey: 'examAffairs.steps.scoring', load: () => import('./steps/ScoringStep.tsx') },
};

export const isPlanStep = (value: string | null | undefined): value is PlanStepKey =>
  value === 'exam' || value === 'ticket' || value === 'scoring';
