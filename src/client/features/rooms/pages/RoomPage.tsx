// /manage/examinationAffairsManage/room/index: exam sites (name, address) and their rooms (capacity, seat
// layout rows x cols, enabled), and availability by session. Deleting asks for confirmation; the server
// refuses to delete what is in use.
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { invalidate } from '../../../lib/data/invalidate.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AddButton } from '../../../lib/kit/AddButton.tsx';
import { enabledColumn } from '../../../lib/kit/EnabledBadge.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useEditing } from '../../../lib/kit/use-editing.ts';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import {
  deleteRoom,
  deleteSite,
  fetchColleges,
  fetchRooms,
  fetchSites,
  type ExamRoom,
  type ExamSite,
} from '../api.ts';
import { AvailabilityPanel } from '../components/AvailabilityPanel.tsx';
import { RoomFormModal } from '../components/RoomFormModal.tsx';
import { SiteFormModal } from '../components/SiteFormModal.tsx';

/** The sites a room can be in (the rooms tab's filter and form), read again when a site changes. */
const SITE_CHOICES = 'room-site-choices';

/** A site's or a room's edit and delete buttons; deleting asks first, then reloads the list. */
function useSiteRoomActions() {
  const t = useT();
  const confirm = useConfirmAction();
  const actions = (options: {
    name: string;
    testIdPrefix: string;
    onEdit: () => void;
    remove: () => Promise<unknown>;
    onDeleted: () => void;
  }) =>
    editDeleteActions({
      onEdit: options.onEdit,
      onDelete: () =>
        confirm.ask(
          deleteRequest({
            title: t('common.tip'),
            message: t('rooms.confirmDelete', { name: options.name }),
            confirmLabel: t('rooms.delete'),
            confirmTestId: 'confirm-delete',
            remove: options.remove,
            doneMessage: t('rooms.deleted'),
            onDone: options.onDeleted,
          }),
        ),
      editLabel: t('rooms.edit'),
      deleteLabel: t('rooms.delete'),
      testIdPrefix: options.testIdPrefix,
    });
  return { actions, dialog: confirm.dialog };
}

function SitesTab() {
  const t = useT();
  const list = useListPage({
    urlKey: 'sites',
    filters: { keyword: '' },
    fetch: ({ page, limit, filters }) => fetchSites({ page, limit, keyword: filters.keyword }),
  });
  const editing = useEditing<ExamSite>();
  // A failed read leaves the choice empty (the API client has shown the toast).
  const organizations = useRead({ key: 'room-colleges', fetch: fetchColleges }).data ?? [];
  const row = useSiteRoomActions();
  const changed = () => {
    list.reload();
    invalidate(SITE_CHOICES);
  };

  const columns: ListPageColumn<ExamSite>[] = [
    { accessor: 'name', title: t('rooms.siteName') },
    { accessor: 'address', title: t('rooms.address') },
    {
      accessor: 'organization_name',
      title: t('rooms.organization'),
      render: (s) => s.organization_name ?? t('rooms.sharedSite'),
    },
    { accessor: 'room_count', title: t('rooms.roomCount'), textAlign: 'right' },
    { accessor: 'seat_count', title: t('rooms.seatCount'), textAlign: 'right' },
    actionsColumn((s) =>
      row.actions({
        name: s.name,
        testIdPrefix: 'site',
        onEdit: () => editing.edit(s),
        remove: () => deleteSite(s.id),
        onDeleted: changed,
      }),
    ),
  ];

  return (
    <Stack gap="sm">
      <FilterBar
        list={list}
        actions={
          <AddButton onClick={editing.add} testId="site-add">
            {t('rooms.addSite')}
          </AddButton>
        }
      >
        <FilterText name="keyword" debounceMs={300} placeholder={t('rooms.search')} w={260} />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('rooms.noSites')}</Text>}
        data-testid="sites-table"
      />
      <SiteFormModal
        site={editing.value}
        organizations={organizations}
        onClose={editing.close}
        onSaved={editing.saved(changed)}
      />
      {row.dialog}
    </Stack>
  );
}

function RoomsTab() {
  const t = useT();
  const list = useListPage({
    urlKey: 'rooms',
    filters: { keyword: '', site_id: '' },
    fetch: ({ page, limit, filters }) =>
      fetchRooms({
        page,
        limit,
        keyword: filters.keyword,
        site_id: filters.site_id ? Number(filters.site_id) : null,
      }),
  });
  const sites =
    useRead({ key: SITE_CHOICES, fetch: () => fetchSites({ page: 1, limit: 100 }) }).data?.data ?? [];
  const editing = useEditing<ExamRoom>();
  const row = useSiteRoomActions();

  const columns: ListPageColumn<ExamRoom>[] = [
    { accessor: 'site_name', title: t('rooms.site') },
    { accessor: 'name', title: t('rooms.roomName') },
    { accessor: 'layout', title: t('rooms.layout'), render: (r) => `${r.rows} × ${r.cols}` },
    { accessor: 'capacity', title: t('rooms.capacity'), textAlign: 'right' },
    enabledColumn({
      title: t('rooms.state'),
      enabledLabel: t('rooms.enabled'),
      disabledLabel: t('rooms.disabled'),
    }),
    actionsColumn((r) =>
      row.actions({
        name: `${r.site_name} ${r.name}`,
        testIdPrefix: 'room',
        onEdit: () => editing.edit(r),
        remove: () => deleteRoom(r.id),
        onDeleted: list.reload,
      }),
    ),
  ];

  return (
    <Stack gap="sm">
      <FilterBar
        list={list}
        actions={
          <AddButton onClick={editing.add} disabled={sites.length === 0} testId="room-add">
            {t('rooms.addRoom')}
          </AddButton>
        }
      >
        <FilterSelect
          name="site_id"
          placeholder={t('rooms.allSites')}
          data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          w={220}
        />
        <FilterText name="keyword" debounceMs={300} placeholder={t('rooms.search')} w={220} />
      </FilterBar>
      <ListPageTable
        list={list}
        columns={columns}
        empty={<Text c="dimmed">{t('rooms.noRooms')}</Text>}
        data-testid="rooms-table"
      />
      <RoomFormModal
        room={editing.value}
        sites={sites}
        onClose={editing.close}
        onSaved={editing.saved(list.reload)}
      />
      {row.dialog}
    </Stack>
  );
}

export default function RoomPage() {
  const t = useT();
  return (
    <Stack gap="md" data-testid="exam-room-page">
      <Title order={1} fz="lg">
        {t('rooms.title')}
      </Title>
      {/* Only the open tab is mounted: a tab opened again reads its list and the site choices anew. */}
      <Tabs defaultValue="rooms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rooms">{t('rooms.rooms')}</Tabs.Tab>
          <Tabs.Tab value="sites">{t('rooms.sites')}</Tabs.Tab>
          <Tabs.Tab value="availability" data-testid="room-availability-tab">
            {t('staff.availability.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rooms" pt="md">
          <RoomsTab />
        </Tabs.Panel>
        <Tabs.Panel value="sites" pt="md">
          <SitesTab />
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="md">
          <AvailabilityPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
