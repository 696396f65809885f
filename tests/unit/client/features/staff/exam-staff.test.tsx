// Exam staff: the form refuses what the server would (phone, role) and shows the server's 422 on the field;
// a duty that clashes with another room at the same time is refused with the server's message in view; the
// rooms' availability bars never overflow and colour a full room.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffInputSchema, type StaffDuty, type StaffView } from '../../../../../src/shared/staff/schema.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { schemaErrors, serverErrors } from '../../../../../src/client/lib/forms/form-errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { availabilityTotals, roomLoad } from '../../../../../src/client/features/rooms/availability.ts';
import {
  emptyStaffForm,
  staffRequest,
  type StaffFormValues,
} from '../../../../../src/client/features/staff/staff-form.ts';

vi.mock('../../../../../src/client/lib/exam-sessions/api.ts', async () =>
  (await import('../rooms/exam-sessions-fixture.ts')).examSessionsApi(),
);
const { pickPlanSession } = await import('../rooms/exam-sessions-fixture.ts');

const { StaffFormDrawer } =
  await import('../../../../../src/client/features/staff/components/StaffFormDrawer.tsx');
const { AssignDutyForm } =
  await import('../../../../../src/client/features/staff/components/AssignDutyForm.tsx');
const { fetchSessionAvailability } = await import('../../../../../src/client/lib/exam-sessions/api.ts');

const renderUi = (ui: ReactElement) => render(<MantineProvider env="test">{ui}</MantineProvider>);

const person: StaffView = {
  id: 3,
  name: '赵强',
  phone: '13770010003',
  role: 'examiner',
  role_label: '考评员',
  certificate_no: 'KPY3201202300117',
  organization_id: null,
  organization_name: null,
  enabled: true,
  created_at: '',
  updated_at: '',
};

describe('staff form values', () => {
  const check = (values: StaffFormValues) =>
    schemaErrors(staffInputSchema, values, { toInput: staffRequest });

  it('refuses a malformed phone and a missing role with the shared messages', () => {
    const errors = check({ ...emptyStaffForm(), name: '张三', phone: '12345' });
    expect(errors.phone).toBe('手机号格式不正确');
    expect(errors.role).toContain('监考员');
  });

  it('sends no organisation as null and a chosen one as a number', () => {
    const base = { ...emptyStaffForm(), name: ' 张三 ', phone: '13812345678', role: 'invigilator' };
    expect(check(base)).toEqual({});
    expect(staffInputSchema.parse(staffRequest(base))).toMatchObject({
      name: '张三',
      organization_id: null,
      enabled: true,
    });
    expect(staffInputSchema.parse(staffRequest({ ...base, organization_id: '4' }))).toMatchObject({
      organization_id: 4,
    });
  });

  it('takes the first message per field of a 422 and nothing from other failures', () => {
    const error = new ApiError(422, 'x', {
      message: 'x',
      errors: { phone: ['该手机号已登记为考务人员', 'second'] },
    });
    expect(serverErrors(error)).toEqual({ phone: '该手机号已登记为考务人员' });
    expect(serverErrors(new ApiError(500, 'boom', null))).toBeNull();
    expect(serverErrors(new Error('x'))).toBeNull();
  });
});

describe('room load in one session', () => {
  const room = {
    capacity: 20,
    enabled: true,
    occupied_by_this_session: 10,
    occupied_by_other_sessions: 6,
    free: 4,
  };

  it('splits the bar between this session and overlapping ones, as percentages of capacity', () => {
    expect(roomLoad(room)).toEqual({ thisSession: 50, otherSessions: 30, level: 'busy' });
    expect(roomLoad({ ...room, occupied_by_other_sessions: 0, free: 10 }).level).toBe('ok');
  });

  it('never overflows the track and marks a full or disabled room', () => {
    const over = roomLoad({ ...room, occupied_by_this_session: 18, occupied_by_other_sessions: 9, free: 0 });
    expect(over.thisSession + over.otherSessions).toBeLessThanOrEqual(100);
    expect(over.level).toBe('full');
    expect(roomLoad({ ...room, enabled: false }).level).toBe('full');
  });

  it('totals only the rooms in use', () => {
    const base = {
      id: 1,
      site_id: 1,
      site_name: '',
      address: '',
      name: '',
      rows: 5,
      cols: 6,
      created_at: '',
      updated_at: '',
      occupied_by_this_session: 0,
      occupied_by_other_sessions: 0,
    };
    const totals = availabilityTotals([
      { ...base, capacity: 30, enabled: true, occupied: 5, free: 25, staff: [] },
      { ...base, id: 2, capacity: 40, enabled: false, occupied: 0, free: 0, staff: [] },
    ]);
    expect(totals).toEqual({ rooms: 1, capacity: 30, occupied: 5, free: 25, staff: 0 });
  });
});

// Mantine's dropdowns render slowly in jsdom on a loaded machine: room for that, not a timing check.
describe('staff form drawer', { timeout: 30_000 }, () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => cleanup());

  it('checks before sending, then shows the server 422 on the phone field', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(422, '该手机号已登记为考务人员', {
        message: 'invalid',
        errors: { phone: ['该手机号已登记为考务人员'] },
      });
    });
    renderUi(
      <StaffFormDrawer staff="new" organizations={[]} onClose={() => {}} onSaved={() => {}} save={save} />,
    );
    fireEvent.click(await screen.findByTestId('staff-save'));
    expect(await screen.findByText('手机号格式不正确')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('staff-name'), { target: { value: '陈晨' } });
    fireEvent.change(screen.getByTestId('staff-phone'), { target: { value: '13770010001' } });
    const role = screen.getByTestId('staff-role');
    fireEvent.click(role);
    fireEvent.click(await screen.findByRole('option', { name: '监考员' }));
    fireEvent.click(screen.getByTestId('staff-save'));
    expect(await screen.findByText('该手机号已登记为考务人员')).toBeTruthy();
    expect(save).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ phone: '13770010001', role: 'invigilator' }),
    );
  });
});

describe('assigning a duty', { timeout: 30_000 }, () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => cleanup());

  it('shows who is already in the room and the clash message when the person is elsewhere at that time', async () => {
    const clash =
      '赵强在 2026-06-01 09:00-10:30 已安排在江南考点第一考场（电工五级），同一时间不能在两个考场';
    const assign = vi.fn(async () => {
      throw new ApiError(422, clash, { message: 'invalid', errors: { staff_id: [clash] } });
    });
    renderUi(<AssignDutyForm staff={person} onAssigned={() => {}} assign={assign} />);

    fireEvent.click(screen.getByTestId('duty-save'));
    expect(await screen.findByText('请选择考试场次')).toBeTruthy();

    await pickPlanSession('duty');
    await waitFor(() => expect((screen.getByTestId('duty-room') as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('duty-room'));
    const option = await screen.findByRole('option', { name: /茶艺实训室/ });
    expect(option.textContent).toContain('空余 13/16');
    expect(option.textContent).toContain('吴婷');
    fireEvent.click(option);

    fireEvent.click(screen.getByTestId('duty-save'));
    const alert = await screen.findByTestId('duty-error');
    expect(within(alert).getByText(clash)).toBeTruthy();
    expect(assign).toHaveBeenCalledWith({ staff_id: 3, room_id: 5, session_id: 70 });
  });

  it('puts the person on duty, then reads the rooms again and clears the room for the next duty', async () => {
    const duty = { id: 12 } as StaffDuty;
    const assign = vi.fn(async () => duty);
    const onAssigned = vi.fn();
    renderUi(<AssignDutyForm staff={person} onAssigned={onAssigned} assign={assign} />);

    await pickPlanSession('duty');
    await waitFor(() => expect((screen.getByTestId('duty-room') as HTMLInputElement).disabled).toBe(false));
    const reads = vi.mocked(fetchSessionAvailability).mock.calls.length;
    fireEvent.click(screen.getByTestId('duty-room'));
    fireEvent.click(await screen.findByRole('option', { name: /茶艺实训室/ }));
    expect((screen.getByTestId('duty-room') as HTMLInputElement).value).toContain('茶艺实训室');

    fireEvent.click(screen.getByTestId('duty-save'));
    await waitFor(() => expect(onAssigned).toHaveBeenCalledWith(duty));
    expect(assign).toHaveBeenCalledWith({ staff_id: 3, room_id: 5, session_id: 70 });
    await waitFor(() => expect(fetchSessionAvailability).toHaveBeenCalledTimes(reads + 1));
    expect((screen.getByTestId('duty-room') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('duty-error')).toBeNull();
  });
});
