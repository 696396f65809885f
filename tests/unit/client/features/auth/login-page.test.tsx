// The login form is checked with the shared login schema, its "nothing typed" said in the user's
// language, and a 422 answer's field messages land under their inputs.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/client/lib/api/errors.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ login: vi.fn(), fetchCaptcha: vi.fn() }));
vi.mock('../../../../../src/client/features/auth/api.ts', () => api);

const { default: LoginPage } = await import('../../../../../src/client/features/auth/pages/LoginPage.tsx');

const renderPage = () =>
  render(
    <MantineProvider env="test">
      <LoginPage kind="learner" />
    </MantineProvider>,
  );

beforeEach(() => {
  api.login.mockReset();
  api.fetchCaptcha.mockReset();
});
afterEach(cleanup);

describe('the login form', () => {
  it('asks for the username and password in the user’s language and sends nothing', async () => {
    setLanguage('en');
    renderPage();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter the Username')).toBeTruthy();
    expect(screen.getByText('Please enter the Password')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('sends the trimmed username and shows a 422 answer under its field', async () => {
    setLanguage('zh');
    api.login.mockRejectedValue(
      new ApiError(422, '用户名或密码错误', { message: 'x', errors: { password: ['用户名或密码错误'] } }),
    );
    renderPage();
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: ' cand_01 ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(api.login).toHaveBeenCalledWith({
      username: 'cand_01',
      password: 'secret',
      captcha: '',
      key: '',
      user_type: 'learners',
    });
    await waitFor(() => expect(screen.getByTestId('login-submit').hasAttribute('data-loading')).toBe(false));
  });
});
