// Login calls (spec §7). Types come from the shared schema the server validates with.
import { captchaResponseSchema, tokenResponseSchema, type LoginInput } from '../../../shared/auth/schema.ts';
import { api } from '../../lib/api/client.ts';

export function fetchCaptcha() {
  return api.get('/v1/authorizations/captcha-create', captchaResponseSchema, { silent: true });
}

/** POST /v1/authorizations; the username is trimmed (spec §5), the password never is. */
export function login(input: LoginInput) {
  const apiType = input.user_type === 'administrators' ? 'administrators' : 'learners';
  return api.post(
    '/v1/authorizations',
    tokenResponseSchema,
    { ...input, username: input.username.trim(), apiType },
    { apiType },
  );
}
