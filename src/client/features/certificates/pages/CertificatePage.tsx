// /manage/dataStatisticsManage/certificate: issued certificates, searchable by name, number or ID number,
// filterable by state; revoke one with a reason (confirmed in a dialog); open its PDF.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconBuildingCommunity, IconFileTypePdf, IconUserSquare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterField, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchCertificates, openCertificatePdf, type CertificateRow } from '../api.ts';
import { RevokeCertificateModal } from '../components/RevokeCertificateModal.tsx';

/** The state filter as the URL holds it ('' = any). */
const STATES = ['valid', 'revoked'] as const;
const stateOf = (value: string) => STATES.find((state) => state === value) ?? null;

export default function CertificatePage() {
  const t = useT();
  const list = useListPage({
    filters: { keyword: '', state: '' },
    fetch: ({ page, limit, filters }) =>
      fetchCertificates({ page, limit, keyword: filters.keyword, state: stateOf(filters.state) }),
  });
  const [revoking, setRevoking] = useState<CertificateRow | null>(null);

  const openPdf = (row: CertificateRow) =>
    openCertificatePdf(row.id).catch(() =>
      notifications.show({ color: 'red', message: t('scores.query.downloadFailed') }),
    );

  const columns: ListPageColumn<CertificateRow>[] = [
    {
      accessor: 'number',
      title: t('scores.query.certificateNo'),
      render: (c) => (
        <Text fz="xs" ff="monospace">
          {c.number}
        </Text>
      ),
    },
    { accessor: 'holder_name', title: t('tickets.ticket.name') },
    {
      accessor: 'id_number',
      title: t('tickets.ticket.idNumber'),
      render: (c) => <Text fz="xs">{c.id_number}</Text>,
    },
    {
      accessor: 'occupation',
      title: t('tickets.ticket.occupation'),
      render: (c) => `${c.occupation} · ${c.level_label}`,
    },
    {
      accessor: 'institution_name',
      title: t('certificates.list.institution'),
      render: (c) => c.institution_name ?? '—',
    },
    {
      accessor: 'issued_at',
      title: t('scores.query.certificateIssued'),
      render: (c) => isoDateTime(c.issued_at, '{y}-{m}-{d}'),
    },
    {
      accessor: 'state',
      title: t('rooms.state'),
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
              {t('scores.query.revoked')}
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
            {t('certificates.list.valid')}
          </Badge>
        ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (c) => (
        // The candidate file is a link (it opens in a new tab like any link), so it sits before the actions.
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
          <RowActions
            actions={[
              {
                key: 'pdf',
                label: 'PDF',
                icon: <IconFileTypePdf size={16} />,
                onClick: () => void openPdf(c),
              },
              ...(c.revoked
                ? []
                : [
                    {
                      key: 'revoke',
                      label: t('certificates.list.revoke'),
                      icon: <IconBan size={16} />,
                      onClick: () => setRevoking(c),
                      color: 'red',
                      testId: 'certificate-revoke',
                    },
                  ]),
            ]}
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="certificate-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="lg">
          {t('certificates.list.title')}
        </Title>
        <Button
          component={Link}
          href="/manage/dataStatisticsManage/certificate/unit"
          variant="light"
          size="xs"
          leftSection={<IconBuildingCommunity size={14} />}
          data-testid="certificate-institutions-link"
        >
          {t('certificates.manage')}
        </Button>
      </Group>
      <FilterBar list={list}>
        <FilterText
          name="keyword"
          debounceMs={300}
          placeholder={t('certificates.list.search')}
          aria-label={t('certificates.list.search')}
          w={300}
          data-testid="certificate-search"
        />
        <FilterField name="state">
          {(value, set) => (
            <SegmentedControl
              value={value || 'all'}
              onChange={(next) => set(next === 'all' ? '' : next)}
              data={[
                { value: 'all', label: t('certificates.list.all') },
                { value: 'valid', label: t('certificates.list.valid') },
                { value: 'revoked', label: t('scores.query.revoked') },
              ]}
              data-testid="certificate-state-filter"
            />
          )}
        </FilterField>
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('certificates.list.empty')}</Text>}
        data-testid="certificates-table"
      />
      <RevokeCertificateModal
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
