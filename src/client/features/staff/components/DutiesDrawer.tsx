// One person's duties: where and when they are on duty (room, site, session, time, plan), a form to add
// one, and removal after confirmation.
import { Badge, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { StaffView } from '../../../../shared/staff/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn, deleteRequest } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchDuties, removeDuty, type StaffDuty } from '../api.ts';
import { AssignDutyForm } from './AssignDutyForm.tsx';

/** A cell with the thing itself and, below it in grey, where or when it is. */
function TwoLines({ main, sub, testId }: { main: string; sub: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text fz="sm">{main}</Text>
      <Text fz="xs" c="dimmed">
        {sub}
      </Text>
    </div>
  );
}

function DutyList({ staff }: { staff: StaffView }) {
  const t = useT();
  // In a drawer: its page is its own, not the staff page's URL.
  const list = useListPage({
    filters: {},
    inUrl: false,
    deps: [staff.id],
    fetch: ({ page, limit }) => fetchDuties(staff.id, { page, limit }),
  });
  const confirm = useConfirmAction();
  const askRemove = (duty: StaffDuty) =>
    confirm.ask(
      deleteRequest({
        title: t('staff.duty.remove'),
        message: t('staff.duty.confirmRemove', {
          name: staff.name,
          room: `${duty.site_name} ${duty.room_name}`,
          session: duty.session_name,
        }),
        confirmLabel: t('staff.duty.remove'),
        testId: 'duty-remove-dialog',
        remove: () => removeDuty(duty.id),
        doneMessage: t('staff.duty.removed'),
        onDone: list.reload,
      }),
    );

  const columns: ListPageColumn<StaffDuty>[] = [
    {
      accessor: 'room_name',
      title: t('staff.duty.room'),
      render: (d) => <TwoLines main={d.room_name} sub={d.site_name} testId={`duty-row-${d.id}`} />,
    },
    {
      accessor: 'session_name',
      title: t('staff.duty.session'),
      render: (d) => (
        <TwoLines
          main={d.session_name}
          sub={`${isoDateTime(d.starts_at)}-${isoDateTime(d.ends_at, '{h}:{i}')}`}
        />
      ),
    },
    {
      accessor: 'plan_title',
      title: t('staff.duty.plan'),
      render: (d) => <TwoLines main={d.plan_title} sub={d.plan_code} />,
    },
    actionsColumn((d) => [
      {
        key: 'remove',
        label: t('staff.duty.remove'),
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: () => askRemove(d),
        testId: `duty-remove-${d.id}`,
      },
    ]),
  ];

  return (
    <Stack gap="md">
      <ListPageTable
        list={list}
        columns={columns}
        pageSizes={[10, 20, 50]}
        empty={<Text c="dimmed">{t('staff.duty.none')}</Text>}
        data-testid="duty-list"
      />
      <Divider label={t('staff.duty.add')} labelPosition="left" />
      <AssignDutyForm staff={staff} onAssigned={list.reload} />
      {confirm.dialog}
    </Stack>
  );
}

export function DutiesDrawer({ staff, onClose }: { staff: StaffView | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer
      opened={staff !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        staff && (
          <Group gap="xs">
            <Text fw={600}>{t('staff.duty.title', { name: staff.name })}</Text>
            <Badge variant="light" style={{ textTransform: 'none' }}>
              {t(`staff.roles.${staff.role}`)}
            </Badge>
          </Group>
        )
      }
      data-testid="duties-drawer"
    >
      {staff && <DutyList key={staff.id} staff={staff} />}
    </Drawer>
  );
}
