import {
  Alert,
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
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CaptchaResponse } from '../../../../shared/auth/schema.ts';
import { schemaErrors } from '../../../lib/forms/form-errors.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { Logo } from '../../../lib/components/Logo.tsx';
import { CaptchaField } from '../../../lib/components/CaptchaField.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { storeLogin } from '../../../lib/state/session.ts';
import { fetchCaptcha, register, sendSmsCode } from '../sign-up-api.ts';
import { PasswordStrength } from '../components/PasswordStrength.tsx';
import { useCountdown } from '../use-countdown.ts';
import {
  confirmError,
  idCardErrorWhileTyping,
  idCardInfo,
  keyOfSharedMessage,
  signUpChecks,
  signUpInput,
  type SignUpValues,
} from '../sign-up-validation.ts';
import { failureText } from '../../../lib/data/failure-text.ts';

// The tick beside a valid ID number shows only after one is typed: it loads then, so the page's first load
// does not download the app's icons for it.
const IconCircleCheck = lazy(() =>
  import('@tabler/icons-react').then((icons) => ({ default: icons.IconCircleCheck })),
);

// The sign-up schemas arrive after the first paint, so the page's first load carries no zod.
const loadSchemas = () => import('../../../../shared/auth/schema.ts');
const loadRegisterSchema = () => loadSchemas().then((m) => m.registerSchema);
/** The send-code check, or null should its module fail to load (the server then checks the phone). */
const loadSmsCodeSchema = () =>
  loadSchemas().then(
    (m) => m.smsCodeSchema,
    () => null,
  );

/**
 * `/sign`: account sign-up (spec §5): username, password with a strength meter, phone + SMS code (the
 * send button counts down 60 s), ID card checked as it is typed, image captcha. On success the learner
 * is signed in and sent to complete the profile.
 */
export default function SignUpPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [smsKey, setSmsKey] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const countdown = useCountdown();

  const text = (error: string | null | undefined) =>
    error?.startsWith('key:') ? t(`auth.signUp.errors.${error.slice(4)}`) : error;
  /** A shared schema's message in the user's language. */
  const shown = (message: string) => text(keyOfSharedMessage(message)) ?? message;

  const checks = signUpChecks(smsKey ?? '');
  const { form, submitting, handleSubmit, showServerErrors } = useSchemaForm<SignUpValues>({
    mode: 'controlled',
    initialValues: { username: '', password: '', confirm: '', phone: '', code: '', idCard: '', captcha: '' },
    // The ID number is judged as it is typed (below), so it is not judged again on leaving it.
    validateInputOnBlur: ['username', 'password', 'confirm', 'phone'],
    schema: loadRegisterSchema,
    ...checks,
    message: shown,
    refine: (submitted, errors) => {
      const confirm = text(confirmError(submitted, errors).confirm);
      return confirm ? { confirm } : {};
    },
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

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const values = form.getValues();
  const idInfo = idCardInfo(values.idCard);

  async function sendCode() {
    // A click before the schema has arrived waits for it.
    const smsCodeSchema = await loadSmsCodeSchema();
    const problem =
      smsCodeSchema && schemaErrors(smsCodeSchema, { phone: values.phone }, { message: shown }).phone;
    if (problem) {
      form.setFieldError('phone', problem);
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      const answer = await sendSmsCode({
        phone: values.phone.trim(),
        captcha: values.captcha.trim(),
        key: captcha?.key ?? '',
      });
      setSmsKey(answer.key);
      countdown.start();
      form.setFieldError('code', null);
    } catch (error) {
      if (!showServerErrors(error)) setFormError(failureText(error));
    } finally {
      setSending(false);
      // The captcha is single use: the next attempt needs a new one.
      form.setFieldValue('captcha', '');
      void refreshCaptcha();
    }
  }

  const submit = handleSubmit(
    async (submitted) => {
      setFormError(null);
      storeLogin('learners', await register(signUpInput(submitted, smsKey ?? '')));
      navigate('/userCenter/userInfo?welcome=1', { replace: true });
    },
    {
      onError: (error, placed) => {
        if (!placed) setFormError(failureText(error));
      },
    },
  );

  return (
    <Center
      mih="100vh"
      p={{ base: 'xs', sm: 'md' }}
      bg="var(--mantine-color-gray-0)"
      data-testid="sign-up-page"
    >
      <Box w="100%" maw={480}>
        <Group justify="space-between" mb="xs">
          <Anchor component={Link} href="/" fz="sm">
            {t('common.backHome')}
          </Anchor>
          <LanguagePicker />
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap={4} align="center" mb="lg">
            <Logo size={44} />
            <Text fw={700} ta="center">
              {t('common.platformTitle')}
            </Text>
            <Title order={1} fz="lg" c="dimmed" fw={500}>
              {t('auth.signUp.title')}
            </Title>
          </Stack>
          {formError && (
            <Alert color="red" mb="md" data-testid="sign-up-error">
              {formError}
            </Alert>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('auth.signUp.username')}
                description={t('auth.signUp.usernameHint')}
                autoComplete="username"
                required
                data-testid="sign-username"
                {...form.getInputProps('username')}
              />
              <Box>
                <PasswordInput
                  label={t('auth.signUp.password')}
                  autoComplete="new-password"
                  required
                  data-testid="sign-password"
                  {...form.getInputProps('password')}
                />
                <Box mt={6}>
                  <PasswordStrength password={values.password} />
                </Box>
              </Box>
              <PasswordInput
                label={t('auth.signUp.confirm')}
                autoComplete="new-password"
                required
                data-testid="sign-confirm"
                {...form.getInputProps('confirm')}
              />
              <TextInput
                label={t('auth.signUp.idCard')}
                autoComplete="off"
                maxLength={18}
                required
                data-testid="sign-id-card"
                {...form.getInputProps('idCard')}
                onChange={(event) => {
                  const value = event.currentTarget.value.toUpperCase();
                  form.setFieldValue('idCard', value);
                  // Checked as it is typed: a complete number is judged at once.
                  form.setFieldError('idCard', text(idCardErrorWhileTyping(value)) ?? null);
                }}
                rightSection={
                  idInfo ? (
                    <Suspense fallback={null}>
                      <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
                    </Suspense>
                  ) : null
                }
                description={
                  idInfo
                    ? t('auth.signUp.idCardParsed', {
                        birth: idInfo.birthDate,
                        sex: t(`profile.sex.${idInfo.sex}`),
                      })
                    : t('auth.signUp.idCardHint')
                }
              />
              <TextInput
                label={t('auth.signUp.phone')}
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={11}
                required
                data-testid="sign-phone"
                {...form.getInputProps('phone')}
              />
              <CaptchaField
                label={t('auth.signUp.captcha')}
                testId="sign-captcha"
                image={captcha?.image ?? null}
                failed={captchaFailed}
                onRefresh={() => void refreshCaptcha()}
                inputProps={form.getInputProps('captcha')}
              />
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('auth.signUp.code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  data-testid="sign-code"
                  {...form.getInputProps('code')}
                />
                <Button
                  mt={25}
                  w={110}
                  px={4}
                  variant="light"
                  loading={sending}
                  disabled={countdown.remaining > 0}
                  onClick={() => void sendCode()}
                  data-testid="sign-send-code"
                >
                  {countdown.remaining > 0
                    ? t('auth.signUp.resendIn', { n: countdown.remaining })
                    : smsKey
                      ? t('auth.signUp.resend')
                      : t('auth.signUp.sendCode')}
                </Button>
              </Group>
              <Button type="submit" fullWidth mt="sm" loading={submitting} data-testid="sign-submit">
                {t('auth.signUp.submit')}
              </Button>
            </Stack>
          </form>
          <Text fz="sm" ta="center" mt="md">
            {t('auth.signUp.haveAccount')}{' '}
            <Anchor component={Link} href="/login" data-testid="sign-to-login">
              {t('portal.login')}
            </Anchor>
          </Text>
        </Paper>
      </Box>
    </Center>
  );
}
