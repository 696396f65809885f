import {
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ERROR_CODES } from '../../../../shared/api/errors.ts';
import type { CaptchaResponse, LoginInput } from '../../../../shared/auth/schema.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { Logo } from '../../../lib/components/Logo.tsx';
import { CaptchaField } from '../../../lib/components/CaptchaField.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { storeLogin, type SessionKind } from '../../../lib/state/session.ts';
import { fetchCaptcha, login } from '../api.ts';

// The login schema arrives after the first paint, so the page's first load carries no zod.
const loadLoginSchema = () => import('../../../../shared/auth/schema.ts').then((m) => m.loginSchema);

/** `?redirect=` brings the user back to what they chose (e.g. "apply"); only paths on this site, and only the right area. */
function safeRedirect(isAdmin: boolean): string | null {
  const target = new URLSearchParams(location.search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  const adminArea = target.startsWith('/manage/');
  return adminArea === isAdmin && !target.startsWith('/login') && !target.startsWith('/manage/login')
    ? target
    : null;
}

interface LoginPageProps {
  kind: SessionKind;
}

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
}

/**
 * /login (learners: username, phone or ID number) and /manage/login (administrators). Field errors of a
 * 422 answer appear under their inputs. The image captcha appears once the server asks for it (code
 * captchaRequired, after a few failed attempts); it is single use, so each failed attempt loads a new one.
 */
export default function LoginPage({ kind }: LoginPageProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const isAdmin = kind === 'admin';
  const userType = isAdmin ? 'administrators' : 'learners';

  /** The body of POST /v1/authorizations; the captcha and its key only once the server asked for them. */
  const loginInput = (values: LoginValues): LoginInput => ({
    username: values.username.trim(),
    password: values.password,
    captcha: captchaShown ? values.captcha.trim() : '',
    key: captchaShown ? (captcha?.key ?? '') : '',
    user_type: userType,
  });

  const { form, submitting, handleSubmit } = useSchemaForm<LoginValues>({
    mode: 'controlled',
    initialValues: { username: '', password: '', captcha: '' },
    schema: loadLoginSchema,
    toInput: loginInput,
    // The schema's "请输入…" for an empty field, in the user's language.
    message: (message, path) =>
      (path === 'username' || path === 'password') && message.startsWith('请输入')
        ? t('auth.required', { field: t(`auth.${path}`) })
        : message,
  });

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await fetchCaptcha());
      setCaptchaFailed(false);
    } catch {
      setCaptcha(null);
      setCaptchaFailed(true);
    }
  }, []);

  const submit = handleSubmit(
    async (values) => {
      storeLogin(userType, await login(loginInput(values)));
      navigate(safeRedirect(isAdmin) ?? (isAdmin ? '/manage/index' : '/userCenter'), { replace: true });
    },
    {
      onError: (error) => {
        const asked = error instanceof ApiError && error.body?.code === ERROR_CODES.captchaRequired;
        if (asked) setCaptchaShown(true);
        if (asked || captchaShown) {
          form.setFieldValue('captcha', '');
          void refreshCaptcha();
        }
      },
    },
  );

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Box w="100%" maw={420}>
        <Group justify="flex-end" mb="xs">
          <LanguagePicker />
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="xs" align="center" mb="lg">
            <Logo size={48} />
            <Text fw={700} ta="center">
              {t('common.platformTitle')}
            </Text>
            <Title order={2} fz="lg" c="gray.7" fw={500} data-testid="login-title">
              {isAdmin ? t('auth.adminLoginTitle') : t('auth.learnerLoginTitle')}
            </Title>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('auth.username')}
                placeholder={isAdmin ? t('auth.adminUsernamePlaceholder') : t('auth.usernamePlaceholder')}
                autoComplete="username"
                data-testid="login-username"
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={t('auth.password')}
                placeholder={t('auth.passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
                {...form.getInputProps('password')}
              />
              {captchaShown && (
                <Stack gap={4}>
                  <Text fz="xs" c="dimmed" data-testid="login-captcha-asked">
                    {t('auth.captchaAsked')}
                  </Text>
                  <CaptchaField
                    label={t('auth.captcha')}
                    placeholder={t('auth.captchaPlaceholder')}
                    testId="login-captcha"
                    image={captcha?.image ?? null}
                    failed={captchaFailed}
                    onRefresh={() => void refreshCaptcha()}
                    inputProps={form.getInputProps('captcha')}
                  />
                </Stack>
              )}
              <Button type="submit" fullWidth loading={submitting} data-testid="login-submit">
                {t('auth.submit')}
              </Button>
            </Stack>
          </form>
          <Group justify="space-between" mt="md">
            {isAdmin ? (
              <Anchor component={Link} href="/login" fz="sm">
                {t('auth.toLearnerLogin')}
              </Anchor>
            ) : (
              <>
                <Anchor component={Link} href="/sign" fz="sm">
                  {t('auth.toRegister')}
                </Anchor>
                <Anchor component={Link} href="/manage/login" fz="sm">
                  {t('auth.toAdminLogin')}
                </Anchor>
              </>
            )}
          </Group>
        </Paper>
      </Box>
    </Center>
  );
}
