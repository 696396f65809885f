// The candidate file page: without an administrator session it asks to log in (and comes back); with one it
// shows every section of the record, "not yet" where the candidate has not got that far, and a clear message
// when the server refuses (another college's candidate) or has no such enrolment.
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { Router } from 'wouter';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { adminSession } from '../../../../../src/client/lib/state/session.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { candidateFileFixture } from './fixture.ts';

const fetchCandidateFile = vi.fn();
vi.mock('../../../../../src/client/features/candidate-files/api.ts', () => ({
  fetchCandidateFile: (...args: unknown[]) => fetchCandidateFile(...args) as unknown,
}));

const { default: CandidateFilePage } =
  await import('../../../../../src/client/features/candidate-files/pages/CandidateFilePage.tsx');

function renderAt(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <MantineProvider env="test">
      <Router hook={hook} searchHook={searchHook}>
        <CandidateFilePage />
      </Router>
    </MantineProvider>,
  );
}

const signedOut = adminSession.value;

beforeEach(() => {
  setLanguage('zh');
  fetchCandidateFile.mockReset();
});
afterEach(() => {
  cleanup();
  adminSession.value = signedOut;
});

const signIn = () => {
  adminSession.value = { ...signedOut, token: 'admin-token' };
};

describe('candidate file page', () => {
  it('asks an anonymous visitor to log in to the back office and return here', () => {
    adminSession.value = { ...signedOut, token: '' };
    renderAt('/manage/studentFilesInfo?learnerId=5&planId=9');
    expect(screen.getByTestId('candidate-file-login')).toBeTruthy();
    const link = screen.getByTestId('candidate-file-login-link');
    expect(link.getAttribute('href')).toBe(
      `/manage/login?redirect=${encodeURIComponent('/manage/studentFilesInfo?learnerId=5&planId=9')}`,
    );
    expect(fetchCandidateFile).not.toHaveBeenCalled();
  });

  it('shows the whole record of a certified candidate', async () => {
    signIn();
    fetchCandidateFile.mockResolvedValue(candidateFileFixture());
    renderAt('/manage/studentFilesInfo?learnerId=5&planId=9');
    expect(await screen.findByTestId('candidate-file-name')).toHaveProperty('textContent', '张伟');
    expect(fetchCandidateFile).toHaveBeenCalledWith(5, 9);
    // The ID number is masked in the header.
    expect(screen.getByTestId('candidate-file-header').textContent).toContain('320115********1234');
    for (const section of [
      'registration',
      'materials',
      'review',
      'payment',
      'ticket',
      'score',
      'certificate',
    ])
      expect(screen.getByTestId(`candidate-file-section-${section}`)).toBeTruthy();
    // The registration answers: lookups by name, the sex translated, the ID number masked (it is printed).
    const registration = screen.getByTestId('candidate-file-section-registration').textContent ?? '';
    expect(registration).toContain('汉族');
    expect(registration).toContain('男');
    expect(registration).not.toContain('320115199001011234');
    // A required material never uploaded is called out.
    expect(screen.getByTestId('candidate-file-section-materials').textContent).toContain('未上传');
    expect(screen.getByTestId('candidate-file-ticket-no').textContent).toBe('JN2026001010203');
    expect(screen.getByTestId('candidate-file-certificate-no').textContent).toBe('Y320132320115265000001');
    const corrections = screen.getByTestId('candidate-file-corrections');
    expect(corrections.textContent).toContain('理论：58 → 62');
    expect(corrections.textContent).toContain('复核加分');
    expect(corrections.textContent).toContain('李经理');
    expect(screen.getByTestId('candidate-file-print')).toBeTruthy();
  });

  it('says "not yet" for the steps a candidate has not reached', async () => {
    signIn();
    fetchCandidateFile.mockResolvedValue({
      ...candidateFileFixture(),
      ticket: null,
      score: null,
      score_corrections: [],
      certificate: null,
    });
    renderAt('/manage/studentFilesInfo?learnerId=5&planId=9');
    const ticket = await screen.findByTestId('candidate-file-section-ticket');
    expect(within(ticket).getByTestId('candidate-file-not-yet')).toBeTruthy();
    expect(
      within(screen.getByTestId('candidate-file-section-certificate')).getByTestId('candidate-file-not-yet'),
    ).toBeTruthy();
    expect(screen.getByTestId('candidate-file-section-ticket').getAttribute('data-reached')).toBe('false');
  });

  it('explains a refusal and a missing enrolment', async () => {
    signIn();
    fetchCandidateFile.mockRejectedValueOnce(new ApiError(403, 'forbidden', { message: 'forbidden' }));
    renderAt('/manage/studentFilesInfo?learnerId=5&planId=9');
    expect(await screen.findByTestId('candidate-file-forbidden')).toBeTruthy();
    cleanup();
    fetchCandidateFile.mockRejectedValueOnce(new ApiError(404, 'missing', { message: 'missing' }));
    renderAt('/manage/studentFilesInfo?learnerId=5&planId=10');
    expect(await screen.findByTestId('candidate-file-not-found')).toBeTruthy();
  });

  it('refuses a link without the ids', () => {
    signIn();
    renderAt('/manage/studentFilesInfo?learnerId=5');
    expect(screen.getByTestId('candidate-file-bad-link')).toBeTruthy();
    expect(fetchCandidateFile).not.toHaveBeenCalled();
  });
});
