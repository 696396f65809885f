// The sign-up form checks with the shared register and send-code schemas, which the page loads after its
// first paint: a check made before they arrive waits for them, and its messages are in the user's language.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idCardCheckChar } from '../../../../../src/shared/auth/id-card.ts';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ fetchCaptcha: vi.fn(), sendSmsCode: vi.fn(), register: vi.fn() }));
vi.mock('../../../../../src/client/features/auth/sign-up-api.ts', () => api);
const session = vi.hoisted(() => ({ storeLogin: vi.fn() }));
vi.mock('../../../../../src/client/lib/state/session.ts', () => session);

const { default: SignUpPage } = await import('../../../../../src/client/features/auth/pages/SignUpPage.tsx');

const first17 = '11010119900307123';
const validId = first17 + idCardCheckChar(first17);

const renderPage = () =>
  render(
    <MantineProvider env="test">
      <SignUpPage />
    </MantineProvider>,
  );
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  setLanguage('en');
  api.fetchCaptcha.mockReset().mockResolvedValue({ key: 'captcha-key', image: 'data:image/png;base64,' });
  api.sendSmsCode.mockReset();
  api.register.mockReset();
  session.storeLogin.mockReset();
});
afterEach(cleanup);

describe('the sign-up form', () => {
  it('judges a field on leaving it, in the user’s language', async () => {
    renderPage();
    type('sign-username', '1abc');
    fireEvent.blur(screen.getByTestId('sign-username'));
    expect(
      await screen.findByText(
        'The username must start with a letter and have 4-32 letters, digits or underscores',
      ),
    ).toBeTruthy();
  });

  it('checks the phone before sending a code, and sends nothing for a bad one', async () => {
    renderPage();
    type('sign-phone', '12345');
    fireEvent.click(screen.getByTestId('sign-send-code'));
    expect(await screen.findByText('Enter an 11-digit mainland China mobile number')).toBeTruthy();
    expect(api.sendSmsCode).not.toHaveBeenCalled();
  });

  it('asks for every missing field on submit and registers nothing', async () => {
    renderPage();
    fireEvent.click(screen.getByTestId('sign-submit'));
    expect(await screen.findByText('Enter a username')).toBeTruthy();
    expect(screen.getByText('Enter a password')).toBeTruthy();
    expect(screen.getByText('Enter a mobile number')).toBeTruthy();
    expect(screen.getByText('Enter the ID card number')).toBeTruthy();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('sends the code, then registers the trimmed body with the code’s key and signs the learner in', async () => {
    api.sendSmsCode.mockResolvedValue({ key: 'sms-key' });
    api.register.mockResolvedValue({ access_token: 'token' });
    renderPage();
    await waitFor(() => expect(api.fetchCaptcha).toHaveBeenCalled());
    type('sign-username', ' cand_01 ');
    type('sign-password', 'Exam@2026pass');
    type('sign-confirm', 'Exam@2026pass');
    type('sign-id-card', validId.toLowerCase());
    type('sign-phone', '13912345678');
    type('sign-captcha', ' ab12 ');
    fireEvent.click(screen.getByTestId('sign-send-code'));
    await waitFor(() =>
      expect(api.sendSmsCode).toHaveBeenCalledWith({
        phone: '13912345678',
        captcha: 'ab12',
        key: 'captcha-key',
      }),
    );
    type('sign-code', '123456');
    fireEvent.click(screen.getByTestId('sign-submit'));
    await waitFor(() =>
      expect(api.register).toHaveBeenCalledWith({
        username: 'cand_01',
        password: 'Exam@2026pass',
        code: '123456',
        key: 'sms-key',
        captcha: '',
        id_card: validId,
        phone: '13912345678',
        user_type: 'learners',
      }),
    );
    await waitFor(() =>
      expect(session.storeLogin).toHaveBeenCalledWith('learners', { access_token: 'token' }),
    );
  });

  it('shows a 422 answer’s message under its field', async () => {
    api.register.mockRejectedValue(
      new ApiError(422, '用户名已被占用', { message: 'x', errors: { username: ['用户名已被占用'] } }),
    );
    api.sendSmsCode.mockResolvedValue({ key: 'sms-key' });
    renderPage();
    type('sign-username', 'cand_01');
    type('sign-password', 'Exam@2026pass');
    type('sign-confirm', 'Exam@2026pass');
    type('sign-id-card', validId);
    type('sign-phone', '13912345678');
    fireEvent.click(screen.getByTestId('sign-send-code'));
    await waitFor(() => expect(api.sendSmsCode).toHaveBeenCalled());
    type('sign-code', '123456');
    fireEvent.click(screen.getByTestId('sign-submit'));
    expect(await screen.findByText('用户名已被占用')).toBeTruthy();
    expect(screen.queryByTestId('sign-up-error')).toBeNull();
  });
});
