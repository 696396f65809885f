// Availability by session on the rooms page: nothing is read before a session is picked; a failed read
// says why and its retry reads again; the answer shows each room's seats and who is on duty.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../src/client/lib/exam-sessions/api.ts', async () =>
  (await import('./exam-sessions-fixture.ts')).examSessionsApi(),
);
const { availability, pickPlanSession } = await import('./exam-sessions-fixture.ts');
const { fetchSessionAvailability } = await import('../../../../../src/client/lib/exam-sessions/api.ts');

const { AvailabilityPanel } =
  await import('../../../../../src/client/features/rooms/components/AvailabilityPanel.tsx');
const { setLanguage } = await import('../../../../../src/client/lib/state/preferences.ts');

beforeEach(() => setLanguage('zh'));
afterEach(cleanup);

describe('availability by session', { timeout: 30_000 }, () => {
  it('reads nothing before a session is picked, and retries a failed read', async () => {
    vi.mocked(fetchSessionAvailability)
      .mockRejectedValueOnce(new Error('网络不可用'))
      .mockResolvedValueOnce(availability);
    render(
      <MantineProvider env="test">
        <AvailabilityPanel />
      </MantineProvider>,
    );
    expect(screen.getByTestId('availability-empty')).toBeTruthy();
    expect(fetchSessionAvailability).not.toHaveBeenCalled();

    await pickPlanSession('availability');
    expect(await screen.findByText('网络不可用')).toBeTruthy();
    expect(fetchSessionAvailability).toHaveBeenCalledWith(70);

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    const row = await screen.findByTestId('availability-room-5');
    expect(within(row).getByText('茶艺实训室')).toBeTruthy();
    expect(within(row).getByText(/吴婷/)).toBeTruthy();
    expect(screen.queryByText('网络不可用')).toBeNull();
    expect(fetchSessionAvailability).toHaveBeenCalledTimes(2);
  });
});
