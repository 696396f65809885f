import { Alert, Badge, Button, Center, Divider, Group, List, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useIsWebLayout } from '../../../lib/dom/web-layout.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchSkillTest } from '../api.ts';
import { isoDateTime as dateTimeText } from '../../../lib/utils/iso-time.ts';
import { applyHref } from '../apply-link.ts';
import { LazyModal } from '../../../lib/components/LazyOverlay.tsx';

/** The details of one skill test in a dialog (full screen on a phone). */
export function SkillTestDetail({
  id,
  onClose,
  loggedIn,
}: {
  id: number | null;
  onClose: () => void;
  loggedIn: boolean;
}) {
  const t = useT();
  // The last test opened stays while it is asked again (opened once more), not under another test.
  const read = useRead(
    id === null
      ? null
      : { key: readKey('skill-test', id), fetch: async () => ({ id, detail: await fetchSkillTest(id) }) },
    { keepPrevious: true },
  );
  const phone = !useIsWebLayout();
  const detail = read.data && read.data.id === id ? read.data.detail : null;
  // A failure stays on screen while the retry runs.
  const failed = !detail && read.error !== null;

  return (
    <LazyModal
      opened={id !== null}
      onClose={onClose}
      title={detail?.title ?? t('portal.details')}
      size="lg"
      fullScreen={phone}
      data-testid="skill-test-detail"
    >
      {!detail && !failed ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : !detail ? (
        <Alert color="red" title={t('common.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={read.refresh}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{detail.occupation.name}</Badge>
            <Badge variant="light" color="grape">
              {detail.level_name}
            </Badge>
            <Badge variant="light" color="gray">
              {detail.organization.name}
            </Badge>
          </Group>
          {detail.description && (
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {detail.description}
            </Text>
          )}
          <Divider />
          <Text fz="sm">
            {t('portal.window')}: {dateTimeText(detail.registration_starts_at)} ~{' '}
            {dateTimeText(detail.registration_ends_at)}
          </Text>
          <Text fz="sm">
            {t('portal.fee')}: <b>{formatFen(detail.fee_fen)}</b> ·{' '}
            {t('portal.seatsLeft', { n: detail.seats_left, total: detail.capacity })}
          </Text>
          {detail.sessions.length > 0 && (
            <>
              <Text fz="sm" fw={600}>
                {t('portal.sessions')}
              </Text>
              <List size="sm" spacing={4}>
                {detail.sessions.map((session) => (
                  <List.Item key={session.id}>
                    {session.name}: {dateTimeText(session.starts_at)} ~{' '}
                    {dateTimeText(session.ends_at).slice(11)}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Text fz="sm" fw={600}>
            {t('portal.materials')}
          </Text>
          <Text fz="sm" c="dimmed">
            {detail.required_materials.map((key) => t(`candidateFiles.material.${key}`)).join('、') ||
              t('portal.noMaterials')}
          </Text>
          <Group justify="flex-end" mt="sm">
            {detail.my_enrollment ? (
              <Button
                component={Link}
                href={`/userCenter/myEnrollInfo?id=${detail.my_enrollment.id}`}
                data-testid="skill-test-my-enrollment"
              >
                {t('portal.viewMine')}
              </Button>
            ) : (
              <Button
                component={Link}
                href={applyHref(detail.id, loggedIn)}
                disabled={!detail.registration_open || detail.seats_left <= 0}
                data-testid="skill-test-detail-apply"
              >
                {loggedIn ? t('portal.apply') : t('portal.loginToApply')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </LazyModal>
  );
}
