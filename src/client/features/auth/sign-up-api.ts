// Sign-up calls (spec §5, §7). Shapes come from the shared auth schema the server validates with.
import type {
  CaptchaResponse,
  RegisterInput,
  SmsCodeInput,
  SmsCodeResponse,
  TokenResponse,
} from '../../../shared/auth/schema.ts';
import { api } from '../../lib/api/client.ts';

export function fetchCaptcha(): Promise<CaptchaResponse> {
  return api.get<CaptchaResponse>('/v1/authorizations/captcha-create', { silent: true });
}

/** Sends the SMS code; the image captcha is consumed by this call. */
export function sendSmsCode(input: SmsCodeInput): Promise<SmsCodeResponse> {
  return api.post<SmsCodeResponse>('/v1/authorizations/sms-code', input, { silent: true });
}

/** Creates the learner account and answers a learner token (the username is trimmed, spec §5). */
export function register(input: RegisterInput): Promise<TokenResponse> {
  return api.post<TokenResponse>(
    '/v1/authorizations/register',
    { ...input, username: input.username.trim(), user_type: 'learners' },
    { apiType: 'learners', silent: true },
  );
}
