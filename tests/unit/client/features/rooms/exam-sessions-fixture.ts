// One plan with one session and one room on duty, as the exam-session reads answer them: what the rooms
// page's availability and the exam-staff duty form pick from. `pickPlanSession` picks them in the
// rendered plan and session selects (test ids `<prefix>-plan`, `<prefix>-session`).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SessionAvailability } from '../../../../../src/client/lib/exam-sessions/api.ts';

export const session = {
  id: 70,
  kind: 'theory',
  name: '理论知识考试',
  starts_at: '2026-06-01T01:00:00.000Z',
  ends_at: '2026-06-01T02:30:00.000Z',
} as const;

export const availability = {
  session,
  data: [
    {
      id: 5,
      site_id: 1,
      site_name: '滨海考点',
      address: '',
      name: '茶艺实训室',
      capacity: 16,
      rows: 4,
      cols: 4,
      enabled: true,
      created_at: '',
      updated_at: '',
      occupied: 3,
      occupied_by_this_session: 3,
      occupied_by_other_sessions: 0,
      free: 13,
      staff: [{ id: 9, name: '吴婷', role: 'invigilator', role_label: '监考员' }],
    },
  ],
} as unknown as SessionAvailability;

/** The module lib/exam-sessions/api.ts answered by the fixture (for vi.mock). */
export const examSessionsApi = () => ({
  fetchPlanChoices: vi.fn(async () => ({
    data: [{ id: 7, code: 'P2026007', title: '茶艺师四级', exam_starts_at: null }],
    meta: { total: 1, page: 1, limit: 100 },
  })),
  fetchPlanSessions: vi.fn(async () => [session]),
  fetchSessionAvailability: vi.fn(async (_sessionId: number) => availability),
});

export async function pickPlanSession(prefix: string) {
  fireEvent.click(screen.getByTestId(`${prefix}-plan`));
  fireEvent.click(await screen.findByRole('option', { name: /茶艺师四级/ }));
  await waitFor(() =>
    expect((screen.getByTestId(`${prefix}-session`) as HTMLInputElement).disabled).toBe(false),
  );
  fireEvent.click(screen.getByTestId(`${prefix}-session`));
  fireEvent.click(await screen.findByRole('option', { name: /理论知识考试/ }));
}
