// /manage/dataStatisticsManage/certificate: issued certificates, searchable by name, number or ID number,
// filterable by state; revoke one with a reason (confirmed in a dialog); open its PDF.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconBuildingCommunity,
  IconFileTypePdf,
  IconSearch,
  IconUserSquare,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { revokeSchema } from '../../../../shared/certificates/schema.ts';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchCertificates, openCertificatePdf, revokeCertificate, type CertificateRow } from '../api.ts';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

function RevokeModal({
  certificate,
  onClose,
  onDone,
}: {
  certificate: CertificateRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!certificate) return;
    const parsed = revokeSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      await revokeCertificate(certificate.id, parsed.data.reason);
      toastSuccess(t('certification.certificates.revokedDone'));
      setReason('');
      onDone();
    } catch {
      // The api client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={certificate !== null}
      onClose={() => {
        setReason('');
        setError(undefined);
        onClose();
      }}
      title={t('certification.certificates.revoke')}
      withinPortal
    >
      <Stack>
        <Text fz="sm">
          {t('certification.certificates.revokeConfirm', {
            number: certificate?.number ?? '',
            name: certificate?.holder_name ?? '',
          })}
        </Text>
        <Textarea
          label={t('certification.certificates.reason')}
          required
          autosize
          minRows={3}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(undefined);
          }}
          data-testid="revoke-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void submit()} data-testid="revoke-submit">
            {t('certification.certificates.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function CertificatePage() {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'all' | 'valid' | 'revoked'>('all');
  const [debounced] = useDebouncedValue(keyword, 300);
  const list = usePagedList(
    (q) => fetchCertificates({ ...q, keyword: debounced, state: state === 'all' ? null : state }),
    [debounced, state],
  );
  const [revoking, setRevoking] = useState<CertificateRow | null>(null);

  const openPdf = (row: CertificateRow) =>
    openCertificatePdf(row.id).catch(() =>
      notifications.show({ color: 'red', message: t('certification.scores.downloadFailed') }),
    );

  const columns: ListColumn<CertificateRow>[] = [
    {
      key: 'number',
      title: t('certification.scores.certificateNo'),
      render: (c) => (
        <Text fz="xs" ff="monospace">
          {c.number}
        </Text>
      ),
    },
    { key: 'holder', title: t('certification.ticket.name'), render: (c) => c.holder_name },
    {
      key: 'id_number',
      title: t('certification.ticket.idNumber'),
      render: (c) => <Text fz="xs">{c.id_number}</Text>,
    },
    {
      key: 'occupation',
      title: t('certification.ticket.occupation'),
      render: (c) => `${c.occupation} · ${c.level_label}`,
    },
    {
      key: 'institution',
      title: t('certification.certificates.institution'),
      render: (c) => c.institution_name ?? '—',
    },
    {
      key: 'issued',
      title: t('certification.scores.certificateIssued'),
      render: (c) => isoDateTime(c.issued_at, '{y}-{m}-{d}'),
    },
    {
      key: 'state',
      title: t('certification.rooms.state'),
      render: (c) =>
        c.revoked ? (
          <Tooltip label={c.revoke_reason ?? ''} disabled={!c.revoke_reason}>
            <Badge
              color="red"
              variant="light"
              style={{ textTransform: 'none' }}
              data-testid="certificate-state"
              data-state="revoked"
            >
              {t('certification.scores.revoked')}
            </Badge>
          </Tooltip>
        ) : (
          <Badge
            color="teal"
            variant="light"
            style={{ textTransform: 'none' }}
            data-testid="certificate-state"
            data-state="valid"
          >
            {t('certification.certificates.valid')}
          </Badge>
        ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (c) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('candidateFiles.title')}>
            <ActionIcon
              component={Link}
              href={`/manage/studentFilesInfo?learnerId=${c.learner_id}&planId=${c.plan_id}`}
              variant="subtle"
              aria-label={t('candidateFiles.title')}
              data-testid={`certificate-file-${c.id}`}
            >
              <IconUserSquare size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="PDF">
            <ActionIcon variant="subtle" aria-label="PDF" onClick={() => void openPdf(c)}>
              <IconFileTypePdf size={16} />
            </ActionIcon>
          </Tooltip>
          {!c.revoked && (
            <RowAction
              label={t('certification.certificates.revoke')}
              icon={<IconBan size={16} />}
              onClick={() => setRevoking(c)}
              color="red"
              testId="certificate-revoke"
            />
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="certificate-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('certification.certificates.title')}
        </Title>
        <Button
          component={Link}
          href="/manage/dataStatisticsManage/certificate/unit"
          variant="light"
          size="xs"
          leftSection={<IconBuildingCommunity size={14} />}
          data-testid="certificate-institutions-link"
        >
          {t('institutions.manage')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t('certification.certificates.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          w={300}
          data-testid="certificate-search"
        />
        <SegmentedControl
          value={state}
          onChange={(v) => setState(v as typeof state)}
          data={[
            { value: 'all', label: t('certification.certificates.all') },
            { value: 'valid', label: t('certification.certificates.valid') },
            { value: 'revoked', label: t('certification.scores.revoked') },
          ]}
        />
      </Group>
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(c) => c.id}
        empty={<Text c="dimmed">{t('certification.certificates.empty')}</Text>}
        data-testid="certificates-table"
      />
      <RevokeModal
        certificate={revoking}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          list.reload();
        }}
      />
    </Stack>
  );
}
