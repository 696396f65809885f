// /manage/examinationAffairsManage/room/index: exam sites (name, address) and their rooms (capacity, seat
// layout rows x cols, enabled), and availability by session. Deleting asks for confirmation; the server
// refuses to delete what is in use.
import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { roomInputSchema, siteInputSchema } from '../../../../shared/rooms/schema.ts';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { issueFieldErrors, serverFieldErrors, type FieldErrors } from '../../../lib/utils/field-errors.ts';
import {
  deleteRoom,
  deleteSite,
  fetchColleges,
  fetchRooms,
  fetchSites,
  saveRoom,
  saveSite,
  type ExamRoom,
  type ExamSite,
  type Organization,
  type RoomInput,
} from '../api.ts';
import { AvailabilityPanel } from '../components/AvailabilityPanel.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

function ConfirmDelete({
  label,
  onClose,
  onConfirm,
}: {
  label: string | null;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={label !== null} onClose={onClose} title={t('common.tip')} size="sm" withinPortal>
      <Stack>
        <Text fz="sm">{t('certification.rooms.confirmDelete', { name: label ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            data-testid="confirm-delete"
            onClick={() => {
              setBusy(true);
              void onConfirm().finally(() => setBusy(false));
            }}
          >
            {t('certification.rooms.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const EMPTY_SITE = { name: '', address: '', organization_id: '' };

function SiteModal({
  site,
  organizations,
  onClose,
  onSaved,
}: {
  site: ExamSite | 'new' | null;
  organizations: Organization[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [values, setValues] = useState(EMPTY_SITE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (site)
      setValues(
        site === 'new'
          ? EMPTY_SITE
          : {
              name: site.name,
              address: site.address,
              organization_id: site.organization_id ? String(site.organization_id) : '',
            },
      );
    setErrors({});
  }, [site]);

  const submit = async () => {
    const parsed = siteInputSchema.safeParse({
      ...values,
      organization_id: values.organization_id ? Number(values.organization_id) : null,
    });
    if (!parsed.success) return setErrors(issueFieldErrors(parsed.error.issues));
    setSaving(true);
    try {
      await saveSite(site && site !== 'new' ? site.id : null, parsed.data);
      toastSuccess(t('certification.rooms.saved'));
      onSaved();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={site !== null}
      onClose={onClose}
      title={site === 'new' ? t('certification.rooms.addSite') : t('certification.rooms.editSite')}
      withinPortal
    >
      <Stack>
        <TextInput
          label={t('certification.rooms.siteName')}
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          data-testid="site-name"
        />
        <Textarea
          label={t('certification.rooms.address')}
          required
          value={values.address}
          error={errors.address}
          onChange={(e) => setValues({ ...values, address: e.currentTarget.value })}
          data-testid="site-address"
        />
        <Select
          label={t('certification.rooms.organization')}
          description={t('certification.rooms.organizationHint')}
          placeholder={t('certification.rooms.sharedSite')}
          clearable
          data={organizations.map((o) => ({ value: String(o.id), label: o.name }))}
          value={values.organization_id || null}
          error={errors.organization_id}
          onChange={(v) => setValues({ ...values, organization_id: v ?? '' })}
          data-testid="site-organization"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void submit()} data-testid="site-save">
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const EMPTY_ROOM = { site_id: '', name: '', capacity: 30, rows: 6, cols: 5, enabled: true };

function RoomModal({
  room,
  sites,
  onClose,
  onSaved,
}: {
  room: ExamRoom | 'new' | null;
  sites: ExamSite[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [values, setValues] = useState<
    Omit<RoomInput, 'site_id' | 'capacity' | 'rows' | 'cols'> & {
      site_id: string;
      capacity: number | string;
      rows: number | string;
      cols: number | string;
    }
  >(EMPTY_ROOM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (room)
      setValues(
        room === 'new'
          ? EMPTY_ROOM
          : {
              site_id: String(room.site_id),
              name: room.name,
              capacity: room.capacity,
              rows: room.rows,
              cols: room.cols,
              enabled: room.enabled,
            },
      );
    setErrors({});
  }, [room]);

  const submit = async () => {
    const parsed = roomInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(issueFieldErrors(parsed.error.issues));
    setSaving(true);
    try {
      await saveRoom(room && room !== 'new' ? room.id : null, parsed.data);
      toastSuccess(t('certification.rooms.saved'));
      onSaved();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={room !== null}
      onClose={onClose}
      title={room === 'new' ? t('certification.rooms.addRoom') : t('certification.rooms.editRoom')}
      withinPortal
    >
      <Stack>
        <Select
          label={t('certification.rooms.site')}
          required
          data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          value={values.site_id || null}
          error={errors.site_id}
          onChange={(v) => setValues({ ...values, site_id: v ?? '' })}
          data-testid="room-site"
        />
        <TextInput
          label={t('certification.rooms.roomName')}
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          data-testid="room-name"
        />
        <Group grow>
          <NumberInput
            label={t('certification.rooms.rows')}
            min={1}
            max={50}
            value={values.rows}
            error={errors.rows}
            onChange={(v) => setValues({ ...values, rows: v })}
          />
          <NumberInput
            label={t('certification.rooms.cols')}
            min={1}
            max={50}
            value={values.cols}
            error={errors.cols}
            onChange={(v) => setValues({ ...values, cols: v })}
          />
        </Group>
        <NumberInput
          label={t('certification.rooms.capacity')}
          min={1}
          max={200}
          value={values.capacity}
          error={errors.capacity}
          onChange={(v) => setValues({ ...values, capacity: v })}
          data-testid="room-capacity"
        />
        <Switch
          label={t('certification.rooms.enabled')}
          checked={values.enabled}
          onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void submit()} data-testid="room-save">
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SitesTab({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const list = usePagedList((q) => fetchSites({ ...q, keyword: debounced }), [debounced]);
  const [editing, setEditing] = useState<ExamSite | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExamSite | null>(null);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  useEffect(() => {
    fetchColleges().then(setOrganizations, () => setOrganizations([]));
  }, []);

  const columns: ListColumn<ExamSite>[] = [
    { key: 'name', title: t('certification.rooms.siteName'), render: (s) => s.name },
    { key: 'address', title: t('certification.rooms.address'), render: (s) => s.address },
    {
      key: 'organization',
      title: t('certification.rooms.organization'),
      render: (s) => s.organization_name ?? t('certification.rooms.sharedSite'),
    },
    { key: 'rooms', title: t('certification.rooms.roomCount'), align: 'right', render: (s) => s.room_count },
    { key: 'seats', title: t('certification.rooms.seatCount'), align: 'right', render: (s) => s.seat_count },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (s) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            label={t('certification.rooms.edit')}
            icon={<IconEdit size={16} />}
            onClick={() => setEditing(s)}
          />
          <RowAction
            label={t('certification.rooms.delete')}
            icon={<IconTrash size={16} />}
            color="red"
            onClick={() => setDeleting(s)}
            testId="site-delete"
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t('certification.rooms.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          w={260}
        />
        <Button leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')} data-testid="site-add">
          {t('certification.rooms.addSite')}
        </Button>
      </Group>
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(s) => s.id}
        empty={<Text c="dimmed">{t('certification.rooms.noSites')}</Text>}
        data-testid="sites-table"
      />
      <SiteModal
        site={editing}
        organizations={organizations}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
          onChanged();
        }}
      />
      <ConfirmDelete
        label={deleting?.name ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteSite(deleting.id);
            toastSuccess(t('certification.rooms.deleted'));
            list.reload();
            onChanged();
          } catch {
            // The api client has shown why.
          }
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

function RoomsTab({ version }: { version: number }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(keyword, 300);
  const list = usePagedList(
    (q) => fetchRooms({ ...q, keyword: debounced, site_id: siteId ? Number(siteId) : null }),
    [debounced, siteId, version],
  );
  const [sites, setSites] = useState<ExamSite[]>([]);
  const [editing, setEditing] = useState<ExamRoom | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExamRoom | null>(null);

  useEffect(() => {
    fetchSites({ page: 1, limit: 100 }).then(
      (answer) => setSites(answer.data),
      () => setSites([]),
    );
  }, [version]);

  const columns: ListColumn<ExamRoom>[] = [
    { key: 'site', title: t('certification.rooms.site'), render: (r) => r.site_name },
    { key: 'name', title: t('certification.rooms.roomName'), render: (r) => r.name },
    { key: 'layout', title: t('certification.rooms.layout'), render: (r) => `${r.rows} × ${r.cols}` },
    { key: 'capacity', title: t('certification.rooms.capacity'), align: 'right', render: (r) => r.capacity },
    {
      key: 'enabled',
      title: t('certification.rooms.state'),
      render: (r) => (
        <Badge variant="light" color={r.enabled ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {r.enabled ? t('certification.rooms.enabled') : t('certification.rooms.disabled')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            label={t('certification.rooms.edit')}
            icon={<IconEdit size={16} />}
            onClick={() => setEditing(r)}
          />
          <RowAction
            label={t('certification.rooms.delete')}
            icon={<IconTrash size={16} />}
            color="red"
            onClick={() => setDeleting(r)}
            testId="room-delete"
          />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Select
            placeholder={t('certification.rooms.allSites')}
            clearable
            data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
            value={siteId}
            onChange={setSiteId}
            w={220}
          />
          <TextInput
            leftSection={<IconSearch size={14} />}
            placeholder={t('certification.rooms.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            w={220}
          />
        </Group>
        <Button
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing('new')}
          disabled={sites.length === 0}
          data-testid="room-add"
        >
          {t('certification.rooms.addRoom')}
        </Button>
      </Group>
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(r) => r.id}
        empty={<Text c="dimmed">{t('certification.rooms.noRooms')}</Text>}
        data-testid="rooms-table"
      />
      <RoomModal
        room={editing}
        sites={sites}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ConfirmDelete
        label={deleting ? `${deleting.site_name} ${deleting.name}` : null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteRoom(deleting.id);
            toastSuccess(t('certification.rooms.deleted'));
            list.reload();
          } catch {
            // The api client has shown why.
          }
          setDeleting(null);
        }}
      />
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
