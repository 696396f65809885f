// The image captcha of the login and sign-up forms: the answer input beside the image, which reloads on click.
import { Group, Image, Text, TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useT } from '../i18n/index.ts';

interface CaptchaFieldProps {
  label: string;
  placeholder?: string;
  /** data-testid of the input; the image button gets `${testId}-image`. */
  testId: string;
  /** The captcha image (data URI), or null while loading or after a failed load. */
  image: string | null;
  failed: boolean;
  onRefresh: () => void;
  inputProps: TextInputProps;
}

export function CaptchaField({
  label,
  placeholder,
  testId,
  image,
  failed,
  onRefresh,
  inputProps,
}: CaptchaFieldProps) {
  const t = useT();
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={label}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={16}
        data-testid={testId}
        {...inputProps}
      />
      <UnstyledButton
        mt={25}
        onClick={onRefresh}
        title={t('auth.captchaRefresh')}
        aria-label={t('auth.captchaRefresh')}
        data-testid={`${testId}-image`}
      >
        {image ? (
          <Image
            src={image}
            alt={label}
            w={120}
            h={36}
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
          />
        ) : (
          <Text fz="xs" c={failed ? 'red' : 'dimmed'} w={120} ta="center">
            {failed ? t('auth.captchaLoadFailed') : t('common.loading')}
          </Text>
        )}
      </UnstyledButton>
    </Group>
  );
}
