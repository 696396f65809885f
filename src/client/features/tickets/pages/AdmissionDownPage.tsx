import {
  Box,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Image,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconId, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { LearnerListPage } from '../../../lib/components/learner-list/learner-list-page.tsx';
import { useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { usePrivateFileUrl } from '../../../lib/uploads/use-private-file.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { downloadPdf, myTicketsQuery, type AdmissionTicket } from '../api.ts';
import { OpenExamNotice } from '../components/OpenExamNotice.tsx';

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
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

function Photo({ url }: { url: string | null }) {
  const t = useT();
  const photo = usePrivateFileUrl(url);
  return (
    <Center
      w={120}
      h={160}
      bg="gray.1"
      style={{ borderRadius: 4, overflow: 'hidden', flexShrink: 0 }}
      data-testid="ticket-photo"
    >
      {photo.src ? (
        <Image src={photo.src} alt={t('tickets.ticket.name')} w={120} h={160} fit="cover" />
      ) : photo.loading ? (
        <Loader size="sm" />
      ) : (
        <Stack align="center" gap={4}>
          <IconUser size={32} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fz="xs" c="dimmed">
            {t('tickets.ticket.noPhoto')}
          </Text>
        </Stack>
      )}
    </Center>
  );
}

function TicketCard({ ticket }: { ticket: AdmissionTicket }) {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const dash = t('tickets.ticket.notAssigned');

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPdf(ticket.pdf_url, `准考证-${ticket.ticket_no}.pdf`);
    } catch {
      notifications.show({ color: 'red', message: t('tickets.ticket.downloadFailed') });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="ticket-card" data-ticket-no={ticket.ticket_no}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconId size={22} aria-hidden />
            <Box>
              <Text fw={700}>{t('tickets.ticket.title')}</Text>
              <Text fz="xs" c="dimmed">
                {ticket.plan_title} · {ticket.plan_code}
              </Text>
            </Box>
          </Group>
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={downloading}
            onClick={() => void download()}
            data-testid="ticket-download"
          >
            {t('tickets.ticket.download')}
          </Button>
        </Group>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Photo url={ticket.photo_url} />
          <SimpleGrid
            cols={{ base: 1, xs: 2 }}
            spacing="sm"
            verticalSpacing="xs"
            style={{ flex: 1, minWidth: 220 }}
          >
            <Field label={t('tickets.ticket.name')} value={ticket.name} testId="ticket-name" />
            <Field label={t('tickets.ticket.idNumber')} value={ticket.id_number} testId="ticket-id-number" />
            <Field label={t('tickets.ticket.ticketNo')} value={ticket.ticket_no} testId="ticket-no" />
            <Field
              label={t('tickets.ticket.occupation')}
              value={`${ticket.occupation} · ${ticket.level_label}`}
            />
            <Field label={t('tickets.ticket.site')} value={ticket.site_name ?? dash} />
            <Field label={t('tickets.ticket.address')} value={ticket.address ?? dash} />
            <Field label={t('tickets.ticket.room')} value={ticket.room_name ?? dash} />
            <Field
              label={t('tickets.ticket.seat')}
              value={ticket.seat_no != null ? t('tickets.ticket.seatNo', { n: ticket.seat_no }) : dash}
            />
          </SimpleGrid>
        </Group>
        <Divider label={t('tickets.ticket.sessions')} labelPosition="left" />
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder fz="sm" data-testid="ticket-sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tickets.ticket.session')}</Table.Th>
                <Table.Th>{t('tickets.ticket.time')}</Table.Th>
                <Table.Th>{t('tickets.ticket.room')}</Table.Th>
                <Table.Th>{t('tickets.ticket.seat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ticket.sessions.map((session) => (
                <Table.Tr key={session.session_id}>
                  <Table.Td>{session.name || session.kind_label}</Table.Td>
                  <Table.Td>{session.time_label}</Table.Td>
                  <Table.Td>
                    {session.room_name ? `${session.site_name ?? ''} ${session.room_name}`.trim() : dash}
                  </Table.Td>
                  <Table.Td>{session.seat_no != null ? session.seat_no : dash}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Divider label={t('tickets.ticket.rules')} labelPosition="left" />
        <List type="ordered" size="sm" spacing={4} data-testid="ticket-rules">
          {ticket.rules.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Text fz="xs" c="dimmed">
          {t('tickets.ticket.issuedAt')}: {isoDateTime(ticket.issued_at)}
        </Text>
      </Stack>
    </Card>
  );
}

/** `/userCenter/admissionDown`: the learner's admission tickets, viewable offline once seen, with PDF download. */
export default function AdmissionDownPage() {
  const t = useT();
  const { paging, onPageChange } = useListPaging();
  const query = useRead(myTicketsQuery(paging), { offline: true });
  return (
    <LearnerListPage
      title={t('userCenter.nav.admissionDown')}
      testId="admission-down-page"
      errorTestId="tickets-error"
      query={query}
      paging={paging}
      onPageChange={onPageChange}
      notices={<OpenExamNotice />}
      empty={{ text: t('tickets.ticket.empty'), testId: 'tickets-empty' }}
    >
      {(tickets) => (
        <Stack gap="md">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </LearnerListPage>
  );
}
