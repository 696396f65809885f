import { Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { Logo } from '../../../lib/components/Logo.tsx';
import { useT } from '../../../lib/i18n/index.ts';

/** The public verification pages' card: opened from a QR code or a link, outside the portal's chrome. */
export function VerifyFrame({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Center mih="100vh" p="md" bg="gray.0" data-testid={testId}>
      <Card withBorder radius="md" padding="lg" w="100%" maw={560}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Logo size={28} />
              <Title order={1} fz="md">
                {title}
              </Title>
            </Group>
            <LanguagePicker />
          </Group>
          {children}
          <Text fz="xs" c="dimmed" ta="center">
            {t('common.platformTitle')}
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
