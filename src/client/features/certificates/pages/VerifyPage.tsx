import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { verifyDocument, type VerifyAnswer, type VerifyKind } from '../verify-api.ts';
import { VerifyFrame } from '../components/VerifyFrame.tsx';
import { VerifyResult } from '../components/VerifyResult.tsx';

const KINDS: readonly VerifyKind[] = ['ticket', 'certificate'];

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

  const answer = state.answer;
  let content;
  if (!kind || !token) {
    content = (
      <Alert color="gray" data-testid="verify-result" data-state="bad_link">
        {t('certificates.verify.badKind')}
      </Alert>
    );
  } else if (state.loading) {
    content = (
      <Center py="lg">
        <Group gap="xs">
          <Loader size="sm" />
          <Text fz="sm">{t('certificates.verify.checking')}</Text>
        </Group>
      </Center>
    );
  } else if (state.failed || !answer) {
    content = (
      <Alert color="red" data-testid="verify-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('certificates.verify.failed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void load()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <VerifyResult
        answer={answer}
        kind={kind}
        notFoundText={t('certificates.verify.notFound', { kind: t(`certificates.verify.${kind}`) })}
      />
    );
  }

  return (
    <VerifyFrame title={t('certificates.verify.title')} testId="verify-page">
      {content}
      <Anchor component={Link} href="/certificateVerify" fz="sm" ta="center" data-testid="verify-query-link">
        {t('certificates.query.byNumber')}
      </Anchor>
    </VerifyFrame>
  );
}
