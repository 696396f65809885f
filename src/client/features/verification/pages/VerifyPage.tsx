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
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { LanguagePicker } from '../../../lib/components/LanguagePicker.tsx';
import { Logo } from '../../../lib/components/Logo.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { verifyDocument, type VerifyAnswer, type VerifyKind } from '../api.ts';

const KINDS: readonly VerifyKind[] = ['ticket', 'certificate'];

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

/** `/verify/:kind/:token` (public): confirms a ticket or certificate is genuine, revoked or unknown, and nothing else. */
export default function VerifyPage({ params }: { params?: { kind?: string; token?: string } }) {
  const t = useT();
  const kind = KINDS.find((k) => k === params?.kind);
  const token = params?.token ?? '';
  const [state, setState] = useState<{ answer: VerifyAnswer | null; loading: boolean; failed: boolean }>({
    answer: null,
    loading: Boolean(kind && token),
    failed: false,
  });

  const load = useCallback(async () => {
    if (!kind || !token) return;
    setState({ answer: null, loading: true, failed: false });
    try {
      setState({ answer: await verifyDocument(kind, token), loading: false, failed: false });
    } catch {
      setState({ answer: null, loading: false, failed: true });
    }
  }, [kind, token]);

  useEffect(() => {
    void load();
  }, [load]);

  const kindLabel = kind ? t(`certification.verify.${kind}`) : '';
  const answer = state.answer;
  let content;
  if (!kind || !token) {
    content = (
      <Alert color="gray" data-testid="verify-result" data-state="bad_link">
        {t('certification.verify.badKind')}
      </Alert>
    );
  } else if (state.loading) {
    content = (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text fz="sm">{t('certification.verify.checking')}</Text>
        </Group>
      </Center>
    );
  } else if (state.failed || !answer) {
    content = (
      <Alert color="red" data-testid="verify-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('certification.verify.failed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void load()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (answer.state === 'not_found') {
    content = (
      <Group gap="sm" wrap="nowrap" data-testid="verify-result" data-state="not_found">
        <ThemeIcon color="gray" size="xl" radius="xl">
          <IconQuestionMark size={24} />
        </ThemeIcon>
        <Text fw={600}>{t('certification.verify.notFound', { kind: kindLabel })}</Text>
      </Group>
    );
  } else {
    const genuine = answer.state === 'valid';
    content = (
      <Stack gap="md" data-testid="verify-result" data-state={answer.state}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={genuine ? 'teal' : 'red'} size="xl" radius="xl">
            {genuine ? <IconCircleCheck size={24} /> : <IconAlertTriangle size={24} />}
          </ThemeIcon>
          <Text fw={700} c={genuine ? 'teal.8' : 'red.8'}>
            {genuine
              ? t('certification.verify.valid', { kind: kindLabel })
              : t('certification.verify.revoked', { kind: kindLabel })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Row label={t('certification.verify.name')} value={answer.name} testId="verify-name" />
          <Row label={t('certification.verify.number')} value={answer.number} testId="verify-number" />
          <Row
            label={t('certification.verify.occupation')}
            value={answer.occupation}
            testId="verify-occupation"
          />
          <Row label={t('certification.verify.level')} value={answer.level_label} testId="verify-level" />
          <Row
            label={t('certification.verify.issuedDate')}
            value={answer.issued_date}
            testId="verify-issued"
          />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0" data-testid="verify-page">
      <Card withBorder radius="md" padding="lg" w="100%" maw={560}>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Logo size={28} />
              <Title order={1} fz="md">
                {t('certification.verify.title')}
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
