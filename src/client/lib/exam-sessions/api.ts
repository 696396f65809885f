// Exam plans, their sessions and the rooms' availability in one session: what both the exam-staff page
// (putting a person on duty) and the rooms page (availability by session) pick from. Read-only calls of
// GET /v1/admin/plans, /v1/admin/plans/:id (its `sessions`) and /v1/admin/rooms/availability.
import { listOf } from '../../../shared/api/answers.ts';
import type { z } from '../../../shared/api/zod.ts';
import { planDetailAnswer, planListItemAnswer } from '../../../shared/plans/schema.ts';
import { sessionAvailabilityAnswer } from '../../../shared/rooms/schema.ts';
import { api } from '../api/client.ts';

export type { DutyPerson, RoomAvailability, SessionAvailability } from '../../../shared/rooms/schema.ts';
export type { ExamSessionInfo as ExamSessionChoice } from '../../../shared/plans/schema.ts';

const ADMIN = { apiType: 'administrators' } as const;

// Only the fields the pickers read are checked: a picker does not depend on the rest of the plan.
const planChoiceAnswer = planListItemAnswer.pick({ id: true, code: true, title: true, exam_starts_at: true });
export type PlanChoice = z.infer<typeof planChoiceAnswer>;
const planSessionsAnswer = planDetailAnswer.pick({ sessions: true });

/** Plans to pick from, newest first; the searchable picker filters them in the browser. */
export const fetchPlanChoices = (keyword?: string) =>
  api.get('/v1/admin/plans', listOf(planChoiceAnswer), {
    params: { page: 1, limit: 100, keyword: keyword || undefined },
    ...ADMIN,
  });

export const fetchPlanSessions = async (planId: number) =>
  (await api.get(`/v1/admin/plans/${planId}`, planSessionsAnswer, ADMIN)).sessions;

export const fetchSessionAvailability = (sessionId: number) =>
  api.get('/v1/admin/rooms/availability', sessionAvailabilityAnswer, {
    params: { session_id: sessionId },
    ...ADMIN,
  });
