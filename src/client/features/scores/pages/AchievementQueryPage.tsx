import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PAGINATION } from '../../../../shared/api/constants.ts';
import { scoreResultKey, type ScoreResultKey } from '../../../../shared/scores/score-messages.ts';
import { LazyPager } from '../../../lib/components/LazyPager.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { StaleBadge } from '../../../lib/offline/StaleBadge.tsx';
import { useCachedQuery } from '../../../lib/offline/use-cached-query.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { downloadPdf, myScoresQuery, pageScores, preloadMyScores, type LearnerScore } from '../api.ts';

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
  const key = scoreResultKey(score);
  const certificate = score.certificate;

  const download = async () => {
    if (!certificate) return;
    setDownloading(true);
    try {
      await downloadPdf(certificate.pdf_url, `证书-${certificate.number}.pdf`);
    } catch {
      notifications.show({ color: 'red', message: t('certification.scores.downloadFailed') });
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
              {score.exam_date
                ? ` · ${t('certification.scores.examDate')} ${isoDateTime(score.exam_date, '{y}-{m}-{d}')}`
                : ''}
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
            {t(`certification.scores.${key}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="xs">
          <Mark label={t('certification.scores.theory')} value={score.theory} testId="score-theory" />
          <Mark
            label={t('certification.scores.practical')}
            value={score.practical}
            testId="score-practical"
          />
          <Mark label={t('certification.scores.total')} value={score.total} testId="score-total" />
        </SimpleGrid>
        <Text fz="xs" c="dimmed">
          {t('certification.scores.passLines', {
            theory: score.pass_theory,
            practical: score.pass_practical,
          })}
        </Text>
        <Divider />
        {certificate ? (
          <Group justify="space-between" wrap="wrap" gap="xs" data-testid="score-certificate">
            <Group gap="xs" wrap="nowrap">
              <IconCertificate size={22} aria-hidden />
              <Box>
                <Text fz="xs" c="dimmed">
                  {t('certification.scores.certificateNo')}
                </Text>
                <Text
                  fw={600}
                  ff="monospace"
                  data-testid="certificate-number"
                  style={{ wordBreak: 'break-all' }}
                >
                  {certificate.number}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('certification.scores.certificateIssued')}{' '}
                  {isoDateTime(certificate.issued_at, '{y}-{m}-{d}')}
                </Text>
              </Box>
              {certificate.revoked && (
                <Badge color="red" variant="light" data-testid="certificate-revoked">
                  {t('certification.scores.revoked')}
                </Badge>
              )}
            </Group>
            {!certificate.revoked && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                loading={downloading}
                onClick={() => void download()}
                data-testid="certificate-download"
              >
                {t('certification.scores.downloadCertificate')}
              </Button>
            )}
          </Group>
        ) : (
          key === 'passed' && (
            <Text fz="sm" c="dimmed">
              {t('certification.scores.noCertificate')}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

/** The route preloader starts the first page of scores while the page loads (app/routes.tsx). */
export const preloadData = () => preloadMyScores({ page: PAGINATION.page, limit: PAGINATION.limit });

/** `/userCenter/achievementQuery`: published scores per plan with the certificate; offline after first view, marked stale. */
export default function AchievementQueryPage() {
  const t = useT();
  const [paging, setPaging] = useState<{ page: number; limit: number }>({
    page: PAGINATION.page,
    limit: PAGINATION.limit,
  });
  // The first page may have come with the page: it shows on the first render, as the server painted it.
  const scores = myScoresQuery(paging);
  const query = useCachedQuery(scores.key, scores.fetch, () => pageScores(paging));
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;

  let content;
  if (!query.data && query.refreshing) {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (!query.data) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="scores-error">
        <Button size="xs" variant="light" color="red" onClick={query.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Center py="xl">
        <Text c="dimmed" data-testid="scores-empty">
          {t('certification.scores.empty')}
        </Text>
      </Center>
    );
  } else {
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {rows.map((score) => (
            <ScoreCard key={score.enrollment_id} score={score} />
          ))}
        </SimpleGrid>
        {total > paging.limit && (
          <LazyPager
            total={total}
            page={paging.page}
            limit={paging.limit}
            onChange={(page, limit) => setPaging({ page, limit })}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="achievement-query-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('learner.nav.achievementQuery')}
        </Title>
        <StaleBadge
          fetchedAt={query.fetchedAt}
          stale={query.stale}
          offline={query.offline}
          refreshing={query.refreshing}
        />
      </Group>
      {content}
    </Stack>
  );
}
