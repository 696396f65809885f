// /manage/studentFilesInfo?learnerId=&planId= (spec §2: public or hidden, no menu entry, no back-office
// chrome): one candidate's printable record for one plan, from the registration form to the certificate.
// The route is public so a link from the plan pages opens it bare for printing, but the data needs the
// administrator's session: without one the page asks to log in and comes back here.
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import {
  IconArrowLeft,
  IconCertificate,
  IconCheck,
  IconClipboardCheck,
  IconCreditCard,
  IconFileText,
  IconId,
  IconPaperclip,
  IconPrinter,
  IconReportAnalytics,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { maskIdNumber } from '../../../../shared/api/masking.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { readKey, useRead, type ReadState } from '../../../lib/data/use-read.ts';
import { useT, type Translate } from '../../../lib/i18n/index.ts';
import { adminSession } from '../../../lib/state/session.ts';
import { openPrivateFile, usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { formatFen } from '../../../lib/utils/money.ts';
import { fetchCandidateFile, type CandidateFile, type ScoreSnapshot } from '../api.ts';
import {
  FILE_SECTIONS,
  candidatePhotoUrl,
  correctionChanges,
  isPrivateUpload,
  lastReachedIndex,
  parseFileParams,
  reachedSections,
  type FileSection,
} from '../candidate-file.ts';
import classes from './CandidateFilePage.module.css';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; file: CandidateFile }
  | { kind: 'forbidden' }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string };

/** What the page shows for its read: a refusal (403) and a missing file (404) have their own notices. */
function loadStateOf(read: ReadState<CandidateFile>): LoadState {
  if (read.data) return { kind: 'ready', file: read.data };
  const error = read.error;
  if (read.refreshing || error === null) return { kind: 'loading' };
  if (error instanceof ApiError && error.status === 403) return { kind: 'forbidden' };
  if (error instanceof ApiError && error.status === 404) return { kind: 'notFound' };
  return { kind: 'failed', message: error instanceof Error ? error.message : '' };
}

const dash = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fz="sm" component="div">
      <Text span c="dimmed">
        {label}：
      </Text>
      {children}
    </Text>
  );
}

function NotYet() {
  const t = useT();
  return (
    <Text fz="sm" c="dimmed" data-testid="candidate-file-not-yet">
      {t('candidateFiles.notYet')}
    </Text>
  );
}

function Photo({ url, name }: { url: string | null; name: string }) {
  const isPrivate = url !== null && isPrivateUpload(url);
  const privateFile = usePrivateFileUrl(isPrivate ? url : null, 'administrators');
  const src = isPrivate ? privateFile.src : url;
  return (
    <Avatar src={src} alt={name} size={96} radius="sm" data-testid="candidate-file-photo">
      {name.slice(0, 1)}
    </Avatar>
  );
}

/** A registration answer as read: lookups by name, enumerations translated. */
function answerOf(t: Translate, form: Record<string, unknown>, field: string): string {
  if (field.endsWith('_id')) return dash(form[field.replace(/_id$/, '_name')] ?? form[field]);
  const value = form[field];
  if (field === 'sex' && (value === 'male' || value === 'female')) return t(`profile.sex.${value}`);
  if (field === 'id_type' && typeof value === 'string') return t(`profile.idType.${value}`);
  // The record is printed: the ID number is masked as on the admission ticket.
  if (field === 'id_number' && typeof value === 'string') return maskIdNumber(value);
  return dash(value);
}

function snapshotText(t: Translate, value: ScoreSnapshot[keyof ScoreSnapshot] | undefined): string {
  if (typeof value === 'boolean') return value ? t('candidateFiles.yes') : t('candidateFiles.no');
  return dash(value);
}

function RegistrationSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const r = file.registration;
  return (
    <Stack gap={6}>
      <Group gap="lg">
        <Field label={t('candidateFiles.submittedAt')}>{isoDateTime(r.submitted_at)}</Field>
        {r.on_behalf && (
          <Badge variant="light" color="grape" style={{ textTransform: 'none' }}>
            {t('candidateFiles.onBehalf')}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
        {r.form_fields.map((field) => (
          <Field key={field} label={t(`profile.formField.${field}`)}>
            {answerOf(t, r.form, field)}
          </Field>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function MaterialsSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const { materials, required_materials: required } = file.registration;
  const missing = required.filter((key) => !materials.some((m) => m.key === key));
  if (materials.length === 0 && missing.length === 0) return <NotYet />;
  return (
    <Stack gap={4}>
      {materials.map((m) => (
        <Group key={m.key} gap="xs" wrap="nowrap">
          <IconPaperclip size={14} />
          <Text fz="sm">{t(`candidateFiles.material.${m.key}`)}</Text>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            className={classes.noPrint}
            onClick={() => void openPrivateFile(m.upload.url, 'administrators')}
            data-testid={`candidate-file-material-${m.key}`}
          >
            {t('candidateFiles.openFile')}
          </Anchor>
          <Text fz="xs" c="dimmed" truncate>
            {m.upload.original_name}
          </Text>
        </Group>
      ))}
      {missing.map((key) => (
        <Text key={key} fz="sm" c="red">
          {t(`candidateFiles.material.${key}`)}：{t('candidateFiles.notUploaded')}
        </Text>
      ))}
    </Stack>
  );
}

function ReviewSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const { review } = file;
  const color = review.state === 'approved' ? 'teal' : review.state === 'rejected' ? 'red' : 'yellow';
  return (
    <Stack gap={4}>
      <Badge color={color} variant="light" style={{ textTransform: 'none' }} data-state={review.state}>
        {t(`candidateFiles.review.${review.state}`)}
      </Badge>
      {review.state !== 'pending' && (
        <>
          {review.reason && <Field label={t('candidateFiles.reason')}>{review.reason}</Field>}
          <Field label={t('candidateFiles.reviewedAt')}>{dash(isoDateTime(review.reviewed_at))}</Field>
          <Field label={t('candidateFiles.reviewedBy')}>{dash(review.reviewed_by)}</Field>
        </>
      )}
    </Stack>
  );
}

function PaymentSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const { payment } = file;
  if (payment.orders.length === 0 && !payment.paid_at) return <NotYet />;
  return (
    <Stack gap={6}>
      <Field label={t('candidateFiles.paidAt')}>{dash(isoDateTime(payment.paid_at))}</Field>
      {payment.orders.length > 0 && (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.orderNo')}</Table.Th>
              <Table.Th>{t('payments.amount')}</Table.Th>
              <Table.Th>{t('candidateFiles.state')}</Table.Th>
              <Table.Th>{t('candidateFiles.paidAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payment.orders.map((o) => (
              <Table.Tr key={o.order_no}>
                <Table.Td ff="monospace">{o.order_no}</Table.Td>
                <Table.Td>{formatFen(o.amount_fen)}</Table.Td>
                <Table.Td>{t(`payments.orderState.${o.state}`)}</Table.Td>
                <Table.Td>{dash(isoDateTime(o.paid_at))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function TicketSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const { ticket } = file;
  if (!ticket) return <NotYet />;
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
        <Field label={t('tickets.ticket.ticketNo')}>
          <Text span ff="monospace" data-testid="candidate-file-ticket-no">
            {ticket.ticket_no}
          </Text>
        </Field>
        <Field label={t('tickets.ticket.issuedAt')}>{isoDateTime(ticket.issued_at)}</Field>
        <Field label={t('tickets.ticket.site')}>{dash(ticket.site_name)}</Field>
        <Field label={t('tickets.ticket.address')}>{dash(ticket.address)}</Field>
        <Field label={t('tickets.ticket.room')}>{dash(ticket.room_name)}</Field>
        <Field label={t('tickets.ticket.seat')}>
          {ticket.seat_no === null
            ? t('tickets.ticket.notAssigned')
            : t('tickets.ticket.seatNo', { n: ticket.seat_no })}
        </Field>
      </SimpleGrid>
      {ticket.sessions.map((s) => (
        <Group key={s.session_id} gap="xs" wrap="wrap" data-testid="candidate-file-ticket-session">
          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
            {s.name || s.kind_label}
          </Badge>
          <Text fz="sm">{s.time_label}</Text>
          <Text fz="sm" c="dimmed">
            {s.room_name
              ? `${s.site_name ?? ''} ${s.room_name} · ${t('tickets.ticket.seatNo', { n: s.seat_no ?? '—' })}`
              : t('tickets.ticket.notAssigned')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ScoreSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const { score, score_corrections: corrections } = file;
  if (!score) return <NotYet />;
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={4}>
        <Field label={t('scores.query.theory')}>{dash(score.theory)}</Field>
        <Field label={t('scores.query.practical')}>{dash(score.practical)}</Field>
        <Field label={t('scores.query.total')}>{dash(score.total)}</Field>
        <Field label={t('scores.query.result')}>
          <Text span fw={600} c={score.passed ? 'teal' : 'red'} data-testid="candidate-file-score-result">
            {score.result}
          </Text>
        </Field>
      </SimpleGrid>
      <Field label={t('candidateFiles.published')}>
        {score.published_at ? isoDateTime(score.published_at) : t('candidateFiles.notPublished')}
      </Field>
      <Text fz="sm" fw={600} mt={4}>
        {t('candidateFiles.corrections')}
      </Text>
      {corrections.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('candidateFiles.noCorrections')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm" data-testid="candidate-file-corrections">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('candidateFiles.change')}</Table.Th>
              <Table.Th>{t('candidateFiles.reason')}</Table.Th>
              <Table.Th>{t('candidateFiles.by')}</Table.Th>
              <Table.Th>{t('candidateFiles.when')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {corrections.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {correctionChanges(c.before, c.after).map((change) => (
                    <Text key={change.field} fz="sm">
                      {t(`candidateFiles.field.${change.field}`)}：{snapshotText(t, change.before)} →{' '}
                      {snapshotText(t, change.after)}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{c.reason}</Table.Td>
                <Table.Td>{dash(c.administrator_name)}</Table.Td>
                <Table.Td>{isoDateTime(c.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function CertificateSection({ file }: { file: CandidateFile }) {
  const t = useT();
  const { certificate } = file;
  if (!certificate) return <NotYet />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
      <Field label={t('scores.query.certificateNo')}>
        <Text span ff="monospace" data-testid="candidate-file-certificate-no">
          {certificate.number}
        </Text>
      </Field>
      <Field label={t('scores.query.certificateIssued')}>{isoDateTime(certificate.issued_at)}</Field>
      <Field label={t('certificates.list.institution')}>{dash(certificate.institution_name)}</Field>
      <Field label={t('candidateFiles.state')}>
        <Badge
          color={certificate.revoked ? 'red' : 'teal'}
          variant="light"
          style={{ textTransform: 'none' }}
          data-state={certificate.revoked ? 'revoked' : 'valid'}
        >
          {certificate.revoked ? t('scores.query.revoked') : t('certificates.list.valid')}
        </Badge>
      </Field>
      {certificate.revoked && (
        <>
          <Field label={t('candidateFiles.revokedAt')}>{dash(isoDateTime(certificate.revoked_at))}</Field>
          <Field label={t('candidateFiles.reason')}>{dash(certificate.revoke_reason)}</Field>
        </>
      )}
    </SimpleGrid>
  );
}

const SECTION_ICONS: Record<FileSection, ReactNode> = {
  registration: <IconFileText size={14} />,
  materials: <IconPaperclip size={14} />,
  review: <IconClipboardCheck size={14} />,
  payment: <IconCreditCard size={14} />,
  ticket: <IconId size={14} />,
  score: <IconReportAnalytics size={14} />,
  certificate: <IconCertificate size={14} />,
};

const SECTION_BODIES: Record<FileSection, (props: { file: CandidateFile }) => ReactNode> = {
  registration: RegistrationSection,
  materials: MaterialsSection,
  review: ReviewSection,
  payment: PaymentSection,
  ticket: TicketSection,
  score: ScoreSection,
  certificate: CertificateSection,
};

function CandidateFileView({ file }: { file: CandidateFile }) {
  const t = useT();
  const r = file.registration;
  const name = r.learner?.real_name || r.learner_profile.real_name;
  const idNumber = r.learner?.id_card || r.learner_profile.id_card;
  const reached = reachedSections(file);
  return (
    <Paper withBorder p="lg" radius="md" className={classes.sheet}>
      <Group align="flex-start" gap="lg" wrap="nowrap" mb="lg" data-testid="candidate-file-header">
        <Photo url={candidatePhotoUrl(file)} name={name} />
        <Stack gap={4} style={{ flex: 1 }}>
          <Group gap="sm">
            <Title order={2} fz="xl" data-testid="candidate-file-name">
              {name}
            </Title>
            <Badge variant="light" style={{ textTransform: 'none' }} data-testid="candidate-file-state">
              {t(`enrollments.state.${file.state}`)}
            </Badge>
          </Group>
          <Field label={t('tickets.ticket.idNumber')}>{idNumber ? maskIdNumber(idNumber) : '—'}</Field>
          <Field label={t('candidateFiles.plan')}>
            {r.plan.title}（{r.plan.code}）
          </Field>
          <Field label={t('tickets.ticket.occupation')}>
            {r.plan.occupation_name} · {r.plan.level_name}
          </Field>
          <Field label={t('candidateFiles.college')}>{r.plan.organization_name}</Field>
        </Stack>
      </Group>
      <Timeline active={lastReachedIndex(file)} bulletSize={26} lineWidth={2}>
        {FILE_SECTIONS.map((section) => {
          const Body = SECTION_BODIES[section];
          return (
            <Timeline.Item
              key={section}
              className={classes.section}
              bullet={reached[section] ? <IconCheck size={14} /> : SECTION_ICONS[section]}
              title={
                <Text fw={600} fz="md">
                  {t(`candidateFiles.section.${section}`)}
                </Text>
              }
              data-testid={`candidate-file-section-${section}`}
              data-reached={reached[section]}
            >
              <Stack gap={4} mt={4}>
                <Body file={file} />
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}

export default function CandidateFilePage() {
  useSignals();
  const t = useT();
  const search = useSearch();
  const ids = parseFileParams(search);
  const learnerId = ids?.learnerId;
  const planId = ids?.planId;
  const signedIn = Boolean(adminSession.value.token);
  const read = useRead(
    learnerId && planId && signedIn
      ? {
          key: readKey('candidate-file', learnerId, planId),
          fetch: () => fetchCandidateFile(learnerId, planId),
        }
      : null,
  );
  const state = loadStateOf(read);

  const here = `/manage/studentFilesInfo${search ? `?${search}` : ''}`;
  let content: ReactNode;
  if (!ids) {
    content = (
      <Alert color="yellow" title={t('candidateFiles.badLinkTitle')} data-testid="candidate-file-bad-link">
        {t('candidateFiles.badLink')}
      </Alert>
    );
  } else if (!signedIn) {
    content = (
      <Alert color="blue" title={t('candidateFiles.loginTitle')} data-testid="candidate-file-login">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('candidateFiles.loginText')}</Text>
          <Button
            component="a"
            href={`/manage/login?redirect=${encodeURIComponent(here)}`}
            size="xs"
            data-testid="candidate-file-login-link"
          >
            {t('common.goLogin')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (state.kind === 'loading') {
    content = (
      <Center mih="30vh">
        <Loader />
      </Center>
    );
  } else if (state.kind === 'forbidden') {
    content = (
      <Alert color="red" title={t('common.unauthorizedTitle')} data-testid="candidate-file-forbidden">
        {t('candidateFiles.forbidden')}
      </Alert>
    );
  } else if (state.kind === 'notFound') {
    content = (
      <Alert color="yellow" title={t('candidateFiles.notFoundTitle')} data-testid="candidate-file-not-found">
        {t('candidateFiles.notFound')}
      </Alert>
    );
  } else if (state.kind === 'failed') {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="candidate-file-error">
        <Text fz="sm">{state.message}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={read.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    content = <CandidateFileView file={state.file} />;
  }

  return (
    <Container size="md" py="lg" data-testid="candidate-file">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('common.platformTitle')}
          </Text>
          <Title order={1} fz="h3">
            {t('candidateFiles.title')}
          </Title>
        </Stack>
        <Group gap="xs" className={classes.noPrint}>
          {/* No back-office chrome here: a way back to the page that opened the file. */}
          {window.history.length > 1 && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => window.history.back()}
            >
              {t('common.back')}
            </Button>
          )}
          {state.kind === 'ready' && signedIn && ids && (
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
              data-testid="candidate-file-print"
            >
              {t('candidateFiles.print')}
            </Button>
          )}
        </Group>
      </Group>
      {content}
    </Container>
  );
}
