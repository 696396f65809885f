// The ticket step: the plan comes from ?plan=, each candidate row shows its seat per session and the
// actions the plan's state and the candidate allow; refusals (422) land where the administrator looks.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionSeat } from '../../../../../src/shared/tickets/schema.ts';
import type { SeatCandidate } from '../../../../../src/client/features/tickets/api.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { t } from '../../../../../src/client/lib/i18n/index.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({
  fetchPlan: vi.fn(),
  fetchPlans: vi.fn(),
  fetchPlanSeats: vi.fn(),
  fetchExamRooms: vi.fn(),
  fetchRoomAvailability: vi.fn(),
  autoAssignSeats: vi.fn(),
  moveSeat: vi.fn(),
  clearSeats: vi.fn(),
  issueTickets: vi.fn(),
  roomSheetPath: (planId: number, roomId: number, sessionId: number, kind: string) =>
    `/v1/admin/plans/${planId}/rooms/${roomId}/sheet?session_id=${sessionId}&kind=${kind}`,
  ticketPdfPath: (id: number) => `/v1/admin/tickets/${id}/pdf`,
}));
vi.mock('../../../../../src/client/features/plans/api.ts', () => api);
vi.mock('../../../../../src/client/features/tickets/api.ts', () => api);
const files = vi.hoisted(() => ({ openPrivateFile: vi.fn(async () => {}) }));
vi.mock('../../../../../src/client/lib/uploads/use-private-file.ts', () => files);

const { default: TicketStep } =
  await import('../../../../../src/client/features/tickets/components/TicketStep.tsx');
const { seatText, seatingBlockedReason, summaryCounts, candidateFilePath, fullySeated, seatCell } =
  await import('../../../../../src/client/features/tickets/components/seating.ts');
const { initialMoveValues } =
  await import('../../../../../src/client/features/tickets/components/MoveSeatModal.tsx');
const { seatOccupants } =
  await import('../../../../../src/client/features/tickets/components/SeatMapModal.tsx');
const { PlanSteps, PlanStepPanel, stepSearch } =
  await import('../../../../../src/client/app/plan-page/PlanSteps.tsx');

const session = (id: number, name: string, seat?: { room: number; no: number }): SessionSeat => ({
  session_id: id,
  kind: id === 1 ? 'theory' : 'practical',
  kind_label: id === 1 ? '理论' : '实操',
  name,
  starts_at: '2026-06-20T01:00:00Z',
  ends_at: '2026-06-20T02:30:00Z',
  time_label: '2026-06-20 09:00-10:30',
  room_id: seat?.room ?? null,
  room_name: seat ? `${seat.room}考场` : null,
  site_name: seat ? '滨海考点' : null,
  address: seat ? '滨海路 1 号' : null,
  seat_no: seat?.no ?? null,
});

const candidate = (
  id: number,
  name: string,
  seats: [SessionSeat, SessionSeat],
  ticket?: number,
): SeatCandidate => ({
  enrollment_id: id,
  learner_id: id + 1000,
  state: ticket ? 'ticket_issued' : 'paid',
  name,
  id_number: '110101199001011234',
  employer: '滨海茶社',
  ticket_id: ticket ?? null,
  ticket_no: ticket ? `2026010100${ticket}` : null,
  sessions: seats,
});

const rows = [
  candidate(101, '张伟', [session(1, '理论', { room: 3, no: 1 }), session(2, '实操', { room: 3, no: 1 })]),
  candidate(102, '李娜', [session(1, '理论'), session(2, '实操')]),
  candidate(103, '王芳', [session(1, '理论', { room: 3, no: 2 }), session(2, '实操', { room: 3, no: 2 })], 9),
];

function seatList(state: string) {
  return {
    data: rows,
    meta: { total: rows.length, page: 1, limit: 20 },
    plan: { id: 7, code: 'P7', title: '茶艺师 四级', state },
    sessions: [session(1, '理论'), session(2, '实操')],
    summary: { paid: 2, ticketed: 1, unseated: 1 },
  };
}

const room = {
  id: 3,
  site_id: 1,
  site_name: '滨海考点',
  address: '滨海路 1 号',
  name: '3考场',
  capacity: 30,
  rows: 5,
  cols: 6,
  enabled: true,
  created_at: '',
  updated_at: '',
};

function renderStep(search: string, state = 'registration_closed') {
  api.fetchPlan.mockResolvedValue({ id: 7, code: 'P7', title: '茶艺师 四级', state, sessions: [] });
  api.fetchPlanSeats.mockResolvedValue(seatList(state));
  const location = memoryLocation({ path: `/manage/examinationAffairsManage/plan/index${search}` });
  return render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <PlanStepPanel Panel={TicketStep} />
      </Router>
    </MantineProvider>,
  );
}

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
beforeEach(() => {
  setLanguage('zh');
  vi.clearAllMocks();
  api.fetchPlans.mockResolvedValue({ data: [], meta: { total: 0, page: 1, limit: 100 } });
  api.fetchExamRooms.mockResolvedValue({ data: [room], meta: { total: 1, page: 1, limit: 100 } });
  api.fetchRoomAvailability.mockResolvedValue({
    session: { id: 1, plan_id: 7, name: '理论' },
    data: [
      {
        ...room,
        occupied: 2,
        occupied_by_this_session: 2,
        occupied_by_other_sessions: 0,
        free: 28,
        staff: [],
      },
    ],
  });
});
afterEach(() => cleanup());

describe('ticket step rules', () => {
  it('reads a seat as site · room · seat, or "not seated"', () => {
    expect(seatText(t, session(1, '理论', { room: 3, no: 12 }))).toBe('滨海考点 · 3考场 · 12 号');
    expect(seatText(t, session(1, '理论'))).toBe('未安排');
  });

  it('opens seating only while registration is closed or tickets are out, and says why otherwise', () => {
    expect(seatingBlockedReason(t, 'registration_closed')).toBeNull();
    expect(seatingBlockedReason(t, 'tickets_issued')).toBeNull();
    expect(seatingBlockedReason(t, 'published')).toContain('报名截止后');
    expect(seatingBlockedReason(t, 'exam_held')).toContain('考试已举行');
  });

  it('derives the seated count from the paid and unseated ones', () => {
    expect(summaryCounts({ paid: 5, ticketed: 3, unseated: 2 })).toEqual({
      paid: 5,
      seated: 3,
      unseated: 2,
      ticketed: 3,
      total: 8,
    });
  });

  it('counts a candidate as seated only with a seat in every session', () => {
    expect(fullySeated(rows[0]!)).toBe(true);
    expect(fullySeated({ sessions: [session(1, '理论', { room: 3, no: 1 }), session(2, '实操')] })).toBe(
      false,
    );
  });

  it('starts the move form on the first session without a seat, else on the first one', () => {
    const half = candidate(104, '赵六', [session(1, '理论', { room: 3, no: 5 }), session(2, '实操')]);
    expect(initialMoveValues(half)).toEqual({ session_id: '2', room_id: null, seat_no: '' });
    expect(initialMoveValues(rows[0]!)).toEqual({ session_id: '1', room_id: '3', seat_no: 1 });
    expect(initialMoveValues(half, 1)).toEqual({ session_id: '1', room_id: '3', seat_no: 5 });
  });

  it('maps seats to their candidates for one room and session, and seats to grid cells row by row', () => {
    const map = seatOccupants(rows, 3, 2);
    expect([...map.keys()].sort()).toEqual([1, 2]);
    expect(map.get(2)?.name).toBe('王芳');
    expect(seatCell(1, 6)).toEqual({ row: 0, col: 0 });
    expect(seatCell(7, 6)).toEqual({ row: 1, col: 0 });
  });

  it('keeps the chosen plan when switching steps, and links to the candidate file', () => {
    expect(stepSearch('?step=ticket&plan=7', 'scoring')).toBe('?step=scoring&plan=7');
    expect(stepSearch('', 'ticket')).toBe('?step=ticket');
    expect(candidateFilePath(1101, 7)).toBe('/manage/studentFilesInfo?learnerId=1101&planId=7');
  });
});

// Rendering Mantine in jsdom is slow on a shared machine: the page tests get a roomier timeout.
describe('ticket step page', { timeout: 20_000 }, () => {
  it('asks for a plan when the URL names none', async () => {
    renderStep('?step=ticket');
    expect(await screen.findByTestId('ticket-no-plan')).toBeTruthy();
    expect(api.fetchPlanSeats).not.toHaveBeenCalled();
  });

  it("lists the URL plan's candidates with seats, tickets and the actions each allows", async () => {
    renderStep('?step=ticket&plan=7');
    const seated = await screen.findByTestId('seat-row-101');
    expect(api.fetchPlanSeats.mock.calls[0]?.[0]).toBe(7);
    expect(seated.textContent).toContain('滨海考点 · 3考场 · 1 号');
    expect(seated.textContent).toContain('110101********1234');
    expect(screen.getByTestId('seat-row-102').textContent).toContain('未安排');
    expect(screen.getByTestId('seat-summary').textContent).toMatch(/已安排座位\s*1/);

    expect((screen.getByTestId('seat-move-101') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('seat-move-103') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('ticket-pdf-101')).toBeNull();
    expect(screen.getByTestId('candidate-file-101').getAttribute('href')).toBe(
      '/manage/studentFilesInfo?learnerId=1101&planId=7',
    );

    fireEvent.click(screen.getByTestId('ticket-pdf-103'));
    expect(files.openPrivateFile).toHaveBeenCalledWith('/v1/admin/tickets/9/pdf', 'administrators');
    fireEvent.click(await screen.findByTestId('sheet-signin-3'));
    expect(files.openPrivateFile).toHaveBeenCalledWith(
      '/v1/admin/plans/7/rooms/3/sheet?session_id=1&kind=signin',
      'administrators',
    );
  });

  it('asks for the candidates matching the typed keyword, trimmed, from page 1', async () => {
    renderStep('?step=ticket&plan=7');
    await screen.findByTestId('seat-row-101');
    expect(api.fetchPlanSeats).toHaveBeenLastCalledWith(7, {
      page: 1,
      limit: 20,
      keyword: undefined,
      seated: undefined,
      session_id: undefined,
      room_id: undefined,
    });
    fireEvent.change(screen.getByTestId('seat-filter-keyword'), { target: { value: ' 李娜 ' } });
    await waitFor(() =>
      expect(api.fetchPlanSeats).toHaveBeenLastCalledWith(
        7,
        expect.objectContaining({ page: 1, keyword: '李娜' }),
      ),
    );
  });

  it('disables seating and issuing once the exam has been held', async () => {
    renderStep('?step=ticket&plan=7', 'exam_held');
    await screen.findByTestId('seat-row-101');
    for (const id of ['seats-auto', 'seats-clear', 'tickets-issue', 'seat-move-101'])
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('ticket-blocked').textContent).toContain('考试已举行');
  });

  it('shows the unseated names of a refused issue in the dialog', async () => {
    api.issueTickets.mockRejectedValue(
      new ApiError(422, '还有 1 名考生未安排座位：李娜', {
        message: '还有 1 名考生未安排座位，请先安排座位',
        errors: { seats: ['还有 1 名考生未安排座位：李娜'] },
      }),
    );
    renderStep('?step=ticket&plan=7');
    await screen.findByTestId('seat-row-101');
    fireEvent.click(screen.getByTestId('tickets-issue'));
    const dialog = await screen.findByTestId('tickets-issue-dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toContain('李娜');
  });

  it("shows a taken seat's 422 on the seat field of the move form", async () => {
    api.moveSeat.mockRejectedValue(
      new ApiError(422, '3考场 2 号座位已有考生', {
        message: 'invalid',
        errors: { seat_no: ['3考场 2 号座位已有考生'] },
      }),
    );
    renderStep('?step=ticket&plan=7');
    await screen.findByTestId('seat-row-101');
    fireEvent.click(screen.getByTestId('seat-move-101'));
    const seat = await screen.findByTestId('seat-move-seat');
    fireEvent.change(seat, { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('seat-move-save'));
    expect(await screen.findByText('3考场 2 号座位已有考生')).toBeTruthy();
    expect(api.moveSeat).toHaveBeenCalledWith(7, {
      enrollment_id: 101,
      session_id: 1,
      room_id: 3,
      seat_no: 2,
    });
  });

  it('sends the chosen rooms in the order picked and shows a too-few-seats refusal on the rooms field', async () => {
    const lab = { ...room, id: 5, name: '茶艺实训室' };
    api.fetchExamRooms.mockResolvedValue({ data: [room, lab], meta: { total: 2, page: 1, limit: 100 } });
    api.autoAssignSeats.mockRejectedValue(
      new ApiError(422, '理论考场座位不足', {
        message: 'invalid',
        errors: { room_ids: ['理论考场座位不足'] },
      }),
    );
    renderStep('?step=ticket&plan=7');
    await screen.findByTestId('seat-row-101');
    fireEvent.click(screen.getByTestId('seats-auto'));
    const rooms = await screen.findByTestId('seats-auto-rooms');
    for (const name of ['茶艺实训室', '3考场']) {
      fireEvent.click(rooms);
      fireEvent.click(await screen.findByText(new RegExp(`^滨海考点 · ${name}（`)));
    }
    expect(screen.getByTestId('seats-auto-order').textContent).toContain(
      '1. 滨海考点 · 茶艺实训室  →  2. 滨海考点 · 3考场',
    );
    fireEvent.click(screen.getByTestId('seats-auto-shuffle'));
    fireEvent.click(screen.getByTestId('seats-auto-confirm'));
    expect(await screen.findByText('理论考场座位不足')).toBeTruthy();
    expect(api.autoAssignSeats).toHaveBeenCalledWith(7, {
      shuffle: true,
      room_ids: [5, 3],
      session_id: undefined,
    });
  });
});

describe('plan page tabs for founder and manager', { timeout: 20_000 }, () => {
  it('shows plan management in the first tab and keeps the chosen plan when switching steps', async () => {
    const location = memoryLocation({
      path: '/manage/examinationAffairsManage/plan/index?step=exam&plan=7',
      record: true,
    });
    render(
      <MantineProvider env="test">
        <Router hook={location.hook} searchHook={location.searchHook}>
          <PlanSteps
            step="exam"
            examPanel={<div data-testid="plan-management-stub" />}
            examLabelKey="plans.plan.pageTitle"
          />
        </Router>
      </MantineProvider>,
    );
    expect(screen.getByTestId('plan-step-exam').textContent).toBe('考试计划管理');
    expect(screen.getByTestId('plan-management-stub')).toBeTruthy();
    fireEvent.click(screen.getByTestId('plan-step-ticket'));
    expect(location.history.at(-1)).toBe('/manage/examinationAffairsManage/plan/index?step=ticket&plan=7');
  });
});
