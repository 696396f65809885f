// Sign-up calls (spec §5, §7). Shapes come from the shared auth schema the server validates with.
import {
  smsCodeResponseSchema,
  tokenResponseSchema,
  type RegisterInput,
  type SmsCodeInput,
} from '../../../shared/auth/schema.ts';
import { api } from '../../lib/api/client.ts';

export { fetchCaptcha } from './api.ts';

/** Sends the SMS code; the image captcha is consumed by this call. */
export function sendSmsCode(input: SmsCodeInput) {
  return api.post('/v1/authorizations/sms-code', smsCodeResponseSchema, input, { silent: true });
}

/** Creates the learner account and answers a learner token (the username is trimmed, spec §5). */
export function register(input: RegisterInput) {
  return api.post(
    '/v1/authorizations/register',
    tokenResponseSchema,
    { ...input, username: input.username.trim(), user_type: 'learners' },
    { apiType: 'learners', silent: true },
  );
}
