// /manage/examinationAffairsManage/room/index: exam sites (name, address) and their rooms (capacity, seat
// layout rows x cols, enabled), and availability by session. Deleting asks for confirmation; the server
// refuses to delete what is in use.
import { Badge, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { useConfirmAction, type ConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  deleteRoom,
  deleteSite,
  fetchColleges,
  fetchRooms,
  fetchSites,
  type ExamRoom,
  type ExamSite,
  type Organization,
} from '../api.ts';
import { AvailabilityPanel } from '../components/AvailabilityPanel.tsx';
import { RoomFormModal } from '../components/RoomFormModal.tsx';
import { SiteFormModal } from '../components/SiteFormModal.tsx';

/** Asks before deleting a site or a room, then deletes it and reloads. */
function useDeleteConfirm(): ConfirmAction & {
  askDelete: (name: string, remove: () => Promise<unknown>, then: () => void) => void;
} {
  const t = useT();
  const confirm = useConfirmAction();
  const askDelete = (name: string, remove: () => Promise<unknown>, then: () => void) =>
    confirm.ask({
      title: t('common.tip'),
      message: t('certification.rooms.confirmDelete', { name }),
      color: 'red',
      confirmLabel: t('certification.rooms.delete'),
      confirmTestId: 'confirm-delete',
      run: async () => {
        await remove();
        toastSuccess(t('certification.rooms.deleted'));
        then();
      },
    });
  return { ...confirm, askDelete };
}

function SitesTab({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'sites',
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchSites({ page, limit, keyword: filters.keyword }),
  });
  const [editing, setEditing] = useState<ExamSite | 'new' | null>(null);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const confirm = useDeleteConfirm();
  useEffect(() => {
    fetchColleges().then(setOrganizations, () => setOrganizations([]));
  }, []);
  const changed = () => {
    list.reload();
    onChanged();
  };

  const columns: ListPageColumn<ExamSite>[] = [
    { accessor: 'name', title: t('certification.rooms.siteName') },
    { accessor: 'address', title: t('certification.rooms.address') },
    {
      accessor: 'organization_name',
      title: t('certification.rooms.organization'),
      render: (s) => s.organization_name ?? t('certification.rooms.sharedSite'),
    },
    { accessor: 'room_count', title: t('certification.rooms.roomCount'), textAlign: 'right' },
    { accessor: 'seat_count', title: t('certification.rooms.seatCount'), textAlign: 'right' },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (s) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('certification.rooms.edit'),
              icon: <IconEdit size={16} />,
              onClick: () => setEditing(s),
            },
            {
              key: 'delete',
              label: t('certification.rooms.delete'),
              icon: <IconTrash size={16} />,
              color: 'red',
              onClick: () => confirm.askDelete(s.name, () => deleteSite(s.id), changed),
              testId: 'site-delete',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <FilterBar
        list={list}
        actions={
          <Button
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
            data-testid="site-add"
          >
            {t('certification.rooms.addSite')}
          </Button>
        }
      >
        <FilterText name="keyword" debounceMs={300} placeholder={t('certification.rooms.search')} w={260} />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('certification.rooms.noSites')}</Text>}
        data-testid="sites-table"
      />
      <SiteFormModal
        site={editing}
        organizations={organizations}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          changed();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}

function RoomsTab({ version }: { version: number }) {
  const t = useT();
  const list = useListPage({
    urlKey: 'rooms',
    filters: { keyword: '', site_id: '' },
    deps: [version],
    fetch: ({ page, limit, filters }) =>
      fetchRooms({
        page,
        limit,
        keyword: filters.keyword,
        site_id: filters.site_id ? Number(filters.site_id) : null,
      }),
  });
  const [sites, setSites] = useState<ExamSite[]>([]);
  const [editing, setEditing] = useState<ExamRoom | 'new' | null>(null);
  const confirm = useDeleteConfirm();

  useEffect(() => {
    fetchSites({ page: 1, limit: 100 }).then(
      (answer) => setSites(answer.data),
      () => setSites([]),
    );
  }, [version]);

  const columns: ListPageColumn<ExamRoom>[] = [
    { accessor: 'site_name', title: t('certification.rooms.site') },
    { accessor: 'name', title: t('certification.rooms.roomName') },
    { accessor: 'layout', title: t('certification.rooms.layout'), render: (r) => `${r.rows} × ${r.cols}` },
    { accessor: 'capacity', title: t('certification.rooms.capacity'), textAlign: 'right' },
    {
      accessor: 'enabled',
      title: t('certification.rooms.state'),
      render: (r) => (
        <Badge variant="light" color={r.enabled ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {r.enabled ? t('certification.rooms.enabled') : t('certification.rooms.disabled')}
        </Badge>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (r) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('certification.rooms.edit'),
              icon: <IconEdit size={16} />,
              onClick: () => setEditing(r),
            },
            {
              key: 'delete',
              label: t('certification.rooms.delete'),
              icon: <IconTrash size={16} />,
              color: 'red',
              onClick: () =>
                confirm.askDelete(`${r.site_name} ${r.name}`, () => deleteRoom(r.id), list.reload),
              testId: 'room-delete',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <FilterBar
        list={list}
        actions={
          <Button
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
            disabled={sites.length === 0}
            data-testid="room-add"
          >
            {t('certification.rooms.addRoom')}
          </Button>
        }
      >
        <FilterSelect
          name="site_id"
          placeholder={t('certification.rooms.allSites')}
          data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          w={220}
        />
        <FilterText name="keyword" debounceMs={300} placeholder={t('certification.rooms.search')} w={220} />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('certification.rooms.noRooms')}</Text>}
        data-testid="rooms-table"
      />
      <RoomFormModal
        room={editing}
        sites={sites}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      {confirm.dialog}
    </Stack>
  );
}

export default function RoomPage() {
  const t = useT();
  const [version, setVersion] = useState(0);
  return (
    <Stack gap="md" data-testid="exam-room-page">
      <Title order={1} fz="lg">
        {t('certification.rooms.title')}
      </Title>
      <Tabs defaultValue="rooms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rooms">{t('certification.rooms.rooms')}</Tabs.Tab>
          <Tabs.Tab value="sites">{t('certification.rooms.sites')}</Tabs.Tab>
          <Tabs.Tab value="availability" data-testid="room-availability-tab">
            {t('examStaff.availability.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rooms" pt="md">
          <RoomsTab version={version} />
        </Tabs.Panel>
        <Tabs.Panel value="sites" pt="md">
          <SitesTab onChanged={() => setVersion((v) => v + 1)} />
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="md">
          <AvailabilityPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
