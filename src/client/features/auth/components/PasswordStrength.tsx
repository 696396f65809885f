import { Box, Group, Progress, Text } from '@mantine/core';
import { passwordStrength } from '../../../../shared/auth/password.ts';
import { useT } from '../../../lib/i18n/index.ts';

const COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;
const LABELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;

/** A four-segment meter of src/shared/auth/password.ts passwordStrength (0..4). */
export function PasswordStrength({ password }: { password: string }) {
  const t = useT();
  const score = passwordStrength(password);
  if (!password) {
    return (
      <Text fz="xs" c="dimmed">
        {t('auth.signUp.passwordRule')}
      </Text>
    );
  }
  return (
    <Box data-testid="password-strength" data-score={score}>
      <Group gap={4} grow>
        {[1, 2, 3, 4].map((segment) => (
          <Progress
            key={segment}
            size={5}
            value={score >= segment ? 100 : 0}
            color={COLORS[score]}
            transitionDuration={150}
            aria-hidden
          />
        ))}
      </Group>
      <Text fz="xs" mt={4} c={COLORS[score]}>
        {t('auth.signUp.strength')}: {t(`auth.signUp.strengthLevels.${LABELS[score]}`)}
      </Text>
    </Box>
  );
}
