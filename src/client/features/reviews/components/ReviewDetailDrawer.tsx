// One application side by side: the registration form and the candidate's profile on the left, the
// uploaded materials on the right (images zoomable). A submitted application can be approved (confirmed
// first) or rejected with a reason; previous/next walk the queue without closing the drawer.
import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { FORM_FIELD_KEYS, type MaterialKey } from '../../../../shared/enrollments/schema.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useWrite } from '../../../lib/data/use-write.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { approveEnrollment, fetchEnrollment, rejectEnrollment, type ReviewDetail } from '../api.ts';
import { REVIEW_STATE_COLORS, formAnswer, reviewLabel } from '../labels.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { ImageZoomModal } from './ImageZoomModal.tsx';
import { MaterialCard } from './MaterialCard.tsx';
import { RejectModal } from './RejectModal.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { failureText } from '../../../lib/data/failure-text.ts';

export interface ReviewDetailDrawerProps {
  enrollmentId: number | null;
  onClose: () => void;
  /** After a decision: the list reloads and the drawer may move on. */
  onDecided: (id: number) => void;
  onPrev?: () => void;
  onNext?: () => void;
}

export function ReviewDetailDrawer({
  enrollmentId,
  onClose,
  onDecided,
  onPrev,
  onNext,
}: ReviewDetailDrawerProps) {
  const t = useT();
  // Kept through a close: the same application opened again shows at once while it is read anew.
  const read = useRead(
    enrollmentId === null
      ? null
      : { key: readKey('review', enrollmentId), fetch: () => fetchEnrollment(enrollmentId) },
    { keepPrevious: true },
  );
  const [zoom, setZoom] = useState<{ src: string; title: string } | null>(null);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const error = read.error === null ? null : failureText(read.error);
  const shown = read.data && read.data.id === enrollmentId ? read.data : null;
  const name = shown ? shown.learner.real_name || shown.learner.username : '';
  const answeredKeys = shown
    ? [
        ...shown.form_fields,
        ...FORM_FIELD_KEYS.filter(
          (key) => !shown.form_fields.includes(key) && formAnswer(t, shown.form, key),
        ),
      ]
    : [];
  const materialKeys: MaterialKey[] = shown
    ? [
        ...shown.required_materials,
        ...shown.materials.map((m) => m.key).filter((key) => !shown.required_materials.includes(key)),
      ]
    : [];

  // A decision answers with the application as it now stands: shown as is, nothing asked again.
  const decided = (messageKey: string) => (answer: ReviewDetail) => {
    read.update(() => answer);
    toastSuccess(t(messageKey, { name }));
    onDecided(answer.id);
  };
  const approve = useWrite(approveEnrollment, { onDone: decided('reviews.approved') });
  const reject = useWrite(
    (input: { id: number; reason: string }) => rejectEnrollment(input.id, input.reason),
    {
      onDone: decided('reviews.rejected'),
    },
  );

  // Every open Mantine overlay closes on Escape (a window listener each): while a dialog is open over
  // the drawer, only the dialog may close.
  const dialogOpen = zoom !== null || approving || rejecting;
  return (
    <>
      <Drawer
        opened={enrollmentId !== null}
        onClose={onClose}
        closeOnEscape={!dialogOpen}
        position="right"
        size="min(1180px, 96vw)"
        title={
          <Group gap="sm">
            <Text fw={600}>{t('reviews.detailTitle')}</Text>
            {shown && (
              <Badge
                color={REVIEW_STATE_COLORS[shown.state] ?? 'gray'}
                variant="light"
                data-testid="review-detail-state"
              >
                {reviewLabel.state(t, shown.state)}
              </Badge>
            )}
          </Group>
        }
        data-testid="review-detail"
      >
        {error && (
          <Alert color="red" title={t('common.loadFailed')}>
            {error}
          </Alert>
        )}
        {!error && !shown && (
          <Center py="xl">
            <Loader />
          </Center>
        )}
        {shown && (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={3} fz="h4" data-testid="review-detail-name">
                  {name}
                </Title>
                <Text size="sm" c="dimmed">
                  {shown.plan.title} · {shown.plan.organization_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('reviews.submittedAt', { time: isoDateTime(shown.submitted_at) })}
                  {shown.on_behalf ? ` · ${t('plans.college.onBehalf')}` : ''}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} />}
                  disabled={!onPrev}
                  onClick={onPrev}
                  data-testid="review-prev"
                >
                  {t('reviews.prev')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} />}
                  disabled={!onNext}
                  onClick={onNext}
                  data-testid="review-next"
                >
                  {t('reviews.next')}
                </Button>
              </Group>
            </Group>

            {shown.state === 'rejected' && shown.review_reason && (
              <Alert color="red" title={t('reviews.rejectedWith')} data-testid="review-detail-reason">
                {shown.review_reason}
              </Alert>
            )}

            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Paper withBorder radius="md" p="sm">
                  <Text fw={600} mb="xs">
                    {t('reviews.form')}
                  </Text>
                  <Table verticalSpacing={6} data-testid="review-form">
                    <Table.Tbody>
                      {answeredKeys.map((key) => {
                        const answer = formAnswer(t, shown.form, key);
                        return (
                          <Table.Tr key={key}>
                            <Table.Td w={130}>
                              <Text size="sm" c="dimmed">
                                {reviewLabel.field(t, key)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Text
                                size="sm"
                                c={answer ? undefined : 'red'}
                                data-testid={`review-answer-${key}`}
                              >
                                {answer || t('reviews.unanswered')}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Paper>
                <Paper withBorder radius="md" p="sm" mt="md">
                  <Group justify="space-between" mb="xs">
                    <Text fw={600}>{t('reviews.profile')}</Text>
                    <Badge color={shown.learner_profile.complete ? 'green' : 'orange'} variant="light">
                      {t(
                        shown.learner_profile.complete
                          ? 'reviews.profileComplete'
                          : 'reviews.profileIncomplete',
                      )}
                    </Badge>
                  </Group>
                  <SimpleGrid cols={2} spacing={6}>
                    <Text size="xs" c="dimmed">
                      {t('reviews.account')}
                    </Text>
                    <Text size="xs">{shown.learner_profile.username}</Text>
                    <Text size="xs" c="dimmed">
                      {t('reviews.birthDate')}
                    </Text>
                    <Text size="xs">{shown.learner_profile.birth_date ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {t('reviews.region')}
                    </Text>
                    <Text size="xs">
                      {[
                        shown.learner_profile.province_name,
                        shown.learner_profile.city_name,
                        shown.learner_profile.area_name,
                      ]
                        .filter(Boolean)
                        .join(' ') || '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {reviewLabel.field(t, 'address')}
                    </Text>
                    <Text size="xs">{shown.learner_profile.address || '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {reviewLabel.field(t, 'email')}
                    </Text>
                    <Text size="xs">{shown.learner_profile.email || '—'}</Text>
                  </SimpleGrid>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Text fw={600} mb="xs">
                  {t('reviews.materials')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="review-materials">
                  {materialKeys.map((key) => (
                    <MaterialCard
                      key={key}
                      label={reviewLabel.material(t, key)}
                      upload={shown.materials.find((m) => m.key === key)?.upload ?? null}
                      onZoom={(src, title) => setZoom({ src, title })}
                      testId={`review-material-${key}`}
                    />
                  ))}
                </SimpleGrid>
              </Grid.Col>
            </Grid>

            {shown.state === 'submitted' && (
              <Group
                justify="flex-end"
                pt="sm"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconX size={16} />}
                  onClick={() => setRejecting(true)}
                  data-testid="review-reject"
                >
                  {t('reviews.reject')}
                </Button>
                <Button
                  color="green"
                  leftSection={<IconCheck size={16} />}
                  onClick={() => setApproving(true)}
                  data-testid="review-approve"
                >
                  {t('reviews.approve')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Drawer>
      <ImageZoomModal src={zoom?.src ?? null} title={zoom?.title ?? ''} onClose={() => setZoom(null)} />
      <ConfirmDialog
        opened={approving}
        title={t('reviews.approveTitle')}
        message={t('reviews.approveConfirm', { name, plan: shown?.plan.title ?? '' })}
        color="green"
        confirmLabel={t('reviews.approve')}
        onConfirm={async () => {
          if (shown) await approve.run(shown.id);
        }}
        onClose={() => setApproving(false)}
        testId="approve-confirm"
      />
      <RejectModal
        candidate={rejecting ? name : null}
        onReject={async (reason) => {
          if (!shown) return;
          await reject.run({ id: shown.id, reason });
          setRejecting(false);
        }}
        onClose={() => setRejecting(false)}
      />
    </>
  );
}
