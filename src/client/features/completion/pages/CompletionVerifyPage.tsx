// /verify/completion/:token (public): confirms a completion certificate is genuine or unknown, showing only
// what confirms it (the holder's name masked). Opened from the certificate's QR code, outside the portal.
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { Logo } from '../../../lib/components/Logo.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { verifyCompletion, type CompletionVerify } from '../verify-api.ts';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Box>
  );
}

function Result({ answer }: { answer: CompletionVerify }) {
  const t = useT();
  if (answer.state === 'not_found')
    return (
      <Group gap="sm" wrap="nowrap" data-testid="verify-result" data-state="not_found">
        <ThemeIcon color="gray" size="xl" radius="xl">
          <IconQuestionMark size={24} />
        </ThemeIcon>
        <Text fw={600}>{t('completionVerify.notFound')}</Text>
      </Group>
    );
  return (
    <Stack gap="md" data-testid="verify-result" data-state="valid">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="teal" size="xl" radius="xl">
          <IconCircleCheck size={24} />
        </ThemeIcon>
        <Text fw={700} c="teal.8">
          {t('completionVerify.valid')}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Row label={t('completionVerify.name')} value={answer.name} testId="verify-name" />
        <Row label={t('completionVerify.number')} value={answer.completion_no} testId="verify-number" />
        <Row label={t('completionVerify.className')} value={answer.class_name} testId="verify-class" />
        <Row label={t('completionVerify.project')} value={answer.project_name} testId="verify-project" />
        <Row
          label={t('completionVerify.organization')}
          value={answer.organization_name}
          testId="verify-organization"
        />
        <Row label={t('completionVerify.date')} value={answer.completed_date} testId="verify-date" />
      </SimpleGrid>
    </Stack>
  );
}

export default function CompletionVerifyPage({ params }: { params?: { token?: string } }) {
  const t = useT();
  const token = params?.token ?? '';
  const [state, setState] = useState<{ answer: CompletionVerify | null; failed: boolean }>({
    answer: null,
    failed: false,
  });

  const load = useCallback(async () => {
    setState({ answer: null, failed: false });
    try {
      setState({ answer: await verifyCompletion(token), failed: false });
    } catch {
      setState({ answer: null, failed: true });
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  let content;
  if (state.answer) content = <Result answer={state.answer} />;
  else if (state.failed)
    content = (
      <Alert color="red" data-testid="verify-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('completionVerify.failed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void load()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else
    content = (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text fz="sm">{t('completionVerify.checking')}</Text>
        </Group>
      </Center>
    );

  return (
    <Center mih="100vh" p="md" bg="gray.0" data-testid="completion-verify-page">
      <Card withBorder radius="md" padding="lg" w="100%" maw={560}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Logo size={28} />
              <Title order={1} fz="md">
                {t('completionVerify.title')}
              </Title>
            </Group>
            <LanguagePicker />
          </Group>
          {content}
          <Text fz="xs" c="dimmed" ta="center">
            {t('common.platformTitle')}
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
