// A learner's score cards, as the scores page draws them and as the server paints them into the page's HTML
// before any script (app/first-paint): one component, so the painted cards are the drawn ones.
import { Badge, Box, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { scoreCardFacts } from '../../../../shared/scores/score-card.ts';
import type { ScoreResultKey } from '../../../../shared/scores/score-messages.ts';
import type { LearnerScore } from '../../../../shared/scores/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { downloadPrivateFile as downloadPdf } from '../../../lib/uploads/use-private-file.ts';

// Light badges (the colour's shade 1) with the text a fifth darker than shade 9: at least 5:1 on the tint.
const darkText = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9), #000 20%)`;
const RESULT_COLORS: Record<ScoreResultKey, { color: string; text: string }> = {
  passed: { color: 'teal', text: darkText('teal') },
  failed: { color: 'red', text: darkText('red') },
  absent: { color: 'gray', text: 'gray.8' },
  cheating: { color: 'orange', text: darkText('orange') },
};

function Mark({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  return (
    <Box ta="center">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value ?? '—'}
      </Text>
    </Box>
  );
}

function ScoreCard({ score }: { score: LearnerScore }) {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const facts = scoreCardFacts(score);
  const key = facts.result;
  const certificate = score.certificate;

  const download = async () => {
    if (!certificate) return;
    setDownloading(true);
    try {
      await downloadPdf(certificate.pdf_url, `证书-${certificate.number}.pdf`);
    } catch {
      notifications.show({ color: 'red', message: t('scores.query.downloadFailed') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="score-card" data-plan-code={score.plan_code}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box>
            <Text fw={700}>{score.plan_title}</Text>
            <Text fz="xs" c="dimmed">
              {score.occupation} · {score.level_label}
              {facts.examDay ? ` · ${t('scores.query.examDate')} ${facts.examDay}` : ''}
            </Text>
          </Box>
          <Badge
            color={RESULT_COLORS[key].color}
            c={RESULT_COLORS[key].text}
            variant="light"
            style={{ textTransform: 'none', flexShrink: 0 }}
            data-testid="score-result"
            data-result={key}
          >
            {t(`scores.query.${key}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          {facts.marks.map((mark) => (
            <Mark
              key={mark.key}
              label={t(`scores.query.${mark.key}`)}
              value={mark.value}
              testId={`score-${mark.key}`}
            />
          ))}
        </SimpleGrid>
        <Text fz="xs" c="dimmed">
          {t('scores.query.passLines', facts.passLines)}
        </Text>
        <Divider />
        {facts.certificate ? (
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="score-certificate">
            <Group gap="xs" wrap="nowrap">
              <IconCertificate size={22} aria-hidden />
              <Box>
                <Text fz="xs" c="dimmed">
                  {t('scores.query.certificateNo')}
                </Text>
                <Text
                  fw={600}
                  ff="monospace"
                  data-testid="certificate-number"
                  style={{ wordBreak: 'break-all' }}
                >
                  {facts.certificate.number}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('scores.query.certificateIssued')} {facts.certificate.issuedDay}
                </Text>
              </Box>
              {facts.certificate.revoked && (
                <Badge color="red" variant="light" data-testid="certificate-revoked">
                  {t('scores.query.revoked')}
                </Badge>
              )}
            </Group>
            {!facts.certificate.revoked && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                loading={downloading}
                onClick={() => void download()}
                data-testid="certificate-download"
              >
                {t('scores.query.downloadCertificate')}
              </Button>
            )}
          </Group>
        ) : (
          facts.awaitingCertificate && (
            <Text fz="sm" c="dimmed">
              {t('scores.query.noCertificate')}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

/** The cards of one page of scores: one a row on a phone, two from the md breakpoint. */
export function ScoreCardList({ scores }: { scores: readonly LearnerScore[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {scores.map((score) => (
        <ScoreCard key={score.enrollment_id} score={score} />
      ))}
    </SimpleGrid>
  );
}
