// Request and response shapes of the auth endpoints (spec §5, §7), shared by the login/sign-up forms
// and the server. Usernames are trimmed before login and register (spec §5); passwords never are.
import { z } from '../api/zod.ts';
import { ADMINISTRATOR_TYPES, USER_TYPES } from '../api/constants.ts';
import { idCardProblem, normalizeIdCard } from './id-card.ts';
import { validatePassword } from './password.ts';
import { MOBILE_PHONE_PATTERN } from './phone.ts';

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`);

/** Optional when CAPTCHA is off; the server says "请输入图形验证码" when it is on and this is empty. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .nullish()
    .transform((v) => v ?? '');

const userType = z.enum(USER_TYPES, { error: '用户类型只能是 learners 或 administrators' });

const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .regex(MOBILE_PHONE_PATTERN, '手机号格式不正确');

export const captchaFields = {
  captcha: optionalText('图形验证码', 16),
  key: optionalText('验证码标识', 64),
};

/** POST /v1/authorizations. Learners may type their username, phone number or ID-card number. */
export const loginSchema = z.object({
  username: requiredText('用户名', 64),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过 64 个字符'),
  ...captchaFields,
  user_type: userType,
  apiType: userType.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

const registerPassword = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .superRefine((password, ctx) => {
    const message = validatePassword(password);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * POST /v1/authorizations/register. `key` and `code` are the SMS verification key and code from
 * /v1/authorizations/sms-code (whose call already consumed the image captcha); `captcha` is accepted
 * for compatibility and not checked again.
 */
export const registerSchema = z
  .object({
    username: z
      .string({ error: '请输入用户名' })
      .trim()
      .min(1, '请输入用户名')
      .regex(USERNAME_PATTERN, '用户名须以字母开头，由 4-32 位字母、数字或下划线组成'),
    password: registerPassword,
    code: z.string({ error: '请输入短信验证码' }).trim().regex(SMS_CODE_PATTERN, '短信验证码为 6 位数字'),
    key: requiredText('短信验证码标识', 64),
    captcha: optionalText('图形验证码', 16),
    id_card: z
      .string({ error: '请输入身份证号码' })
      .trim()
      .superRefine((value, ctx) => {
        const message = idCardProblem(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .transform(normalizeIdCard),
    phone,
    user_type: z.literal('learners', { error: '仅支持学员注册' }).default('learners'),
  })
  .superRefine(
    (input, ctx) => {
      const message = validatePassword(input.password, input.username);
      if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
    },
    {
      // Also when other fields failed, so every problem shows at once; never on a non-object input.
      when: ({ value, issues }) => {
        const input = value as { password?: unknown; username?: unknown } | null;
        return (
          typeof input?.password === 'string' &&
          typeof input.username === 'string' &&
          !issues.some((issue) => ['password', 'username'].includes(String(issue.path?.[0])))
        );
      },
    },
  );
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /v1/authorizations/sms-code */
export const smsCodeSchema = z.object({ phone, ...captchaFields });
export type SmsCodeInput = z.input<typeof smsCodeSchema>;

/** POST /v1/authorizations/captcha-check */
export const captchaCheckSchema = z.object({
  key: requiredText('验证码标识', 64),
  captcha: requiredText('图形验证码', 16),
});

/** GET /v1/user/info */
export const userInfoQuery = z.object({ apiType: userType.optional() });

/** GET /v1/authorizations/storageGet */
export const storageGetQuery = z.object({ key: requiredText('key', 128) });

// --- responses -------------------------------------------------------------------------------------

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /v1/authorizations/captcha-check (a wrong captcha is a 422). */
export const captchaCheckAnswer = z.object({ valid: z.literal(true) });

export const captchaResponseSchema = z.object({ key: z.string(), image: z.string(), expires_in: z.number() });
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const smsCodeResponseSchema = z.object({
  message: z.string(),
  key: z.string(),
  expires_in: z.number(),
  /** Only outside production with SMS_PROVIDER=log. */
  debug_code: z.string().optional(),
});
export type SmsCodeResponse = z.infer<typeof smsCodeResponseSchema>;

/** POST /v1/authorizations/storage answers the key; storageGet answers the stored session once. */
export const storageResponseSchema = z.object({ key: z.string(), expires_in: z.number() });
export const sessionHandoffSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().min(1),
  user_type: userType,
});
export type SessionHandoff = z.infer<typeof sessionHandoffSchema>;

/** GET /v1/user/info (spec §3). */
export const userInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  real_name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  userable_type: userType,
  structure_name: z.string(),
  administrator_type: z.enum(ADMINISTRATOR_TYPES).nullable(),
  roles: z.array(z.string()).min(1),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export interface OrganizationNode {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  kind: string;
  sort: number;
  enabled: boolean;
  children: OrganizationNode[];
}

/** GET /v1/user/structure: `{ data: OrganizationNode[] }`. */
export const organizationNodeSchema: z.ZodType<OrganizationNode> = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  code: z.string(),
  kind: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  get children() {
    return z.array(organizationNodeSchema);
  },
});
export const structureResponseSchema = z.object({ data: z.array(organizationNodeSchema) });
