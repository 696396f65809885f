// Login calls (spec §7). Types come from the shared schema the server validates with.
import type { CaptchaResponse, LoginInput, TokenResponse } from '../../../shared/auth/schema.ts';
import { api } from '../../lib/api/client.ts';

export function fetchCaptcha(): Promise<CaptchaResponse> {
  return api.get<CaptchaResponse>('/v1/authorizations/captcha-create', { silent: true });
}

/** POST /v1/authorizations; the username is trimmed (spec §5), the password never is. */
export function login(input: LoginInput): Promise<TokenResponse> {
  const apiType = input.user_type === 'administrators' ? 'administrators' : 'learners';
  return api.post<TokenResponse>(
    '/v1/authorizations',
    { ...input, username: input.username.trim(), apiType },
    { apiType },
  );
}
