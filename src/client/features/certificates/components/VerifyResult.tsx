import { Box, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/index.ts';
import type { VerifyAnswer, VerifyKind } from '../verify-api.ts';

function Row({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value ?? '—'}
      </Text>
    </Box>
  );
}

/**
 * What a verification answer says, the same for the QR link and the number-and-name query: genuine,
 * revoked or unknown, and only the fields that confirm the document.
 */
export function VerifyResult({
  answer,
  kind,
  notFoundText,
}: {
  answer: VerifyAnswer;
  kind: VerifyKind;
  notFoundText: string;
}) {
  const t = useT();
  const kindLabel = t(`certificates.verify.${kind}`);
  if (answer.state === 'not_found') {
    return (
      <Group gap="sm" wrap="nowrap" data-testid="verify-result" data-state="not_found">
        <ThemeIcon color="gray" size="xl" radius="xl">
          <IconQuestionMark size={24} />
        </ThemeIcon>
        <Text fw={600}>{notFoundText}</Text>
      </Group>
    );
  }
  const genuine = answer.state === 'valid';
  return (
    <Stack gap="md" data-testid="verify-result" data-state={answer.state}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={genuine ? 'teal' : 'red'} size="xl" radius="xl">
          {genuine ? <IconCircleCheck size={24} /> : <IconAlertTriangle size={24} />}
        </ThemeIcon>
        <Text fw={700} c={genuine ? 'teal.8' : 'red.8'}>
          {genuine
            ? t('certificates.verify.valid', { kind: kindLabel })
            : t('certificates.verify.revoked', { kind: kindLabel })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Row label={t('certificates.verify.name')} value={answer.name} testId="verify-name" />
        <Row label={t('certificates.verify.number')} value={answer.number} testId="verify-number" />
        <Row
          label={t('certificates.verify.occupation')}
          value={answer.occupation}
          testId="verify-occupation"
        />
        <Row label={t('certificates.verify.level')} value={answer.level_label} testId="verify-level" />
        <Row label={t('certificates.verify.issuedDate')} value={answer.issued_date} testId="verify-issued" />
      </SimpleGrid>
    </Stack>
  );
}
