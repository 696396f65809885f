// One person's duties: where and when they are on duty (room, site, session, time, plan), a form to add
// one, and removal after confirmation.
import { Badge, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { StaffView } from '../../../../shared/staff/schema.ts';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog.tsx';
import { RowAction } from '../../../lib/components/RowAction.tsx';
import {
  ListTable,
  pagedListProps,
  usePagedList,
  type ListColumn,
} from '../../../lib/components/ListTable.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { fetchDuties, removeDuty, type StaffDuty } from '../api.ts';
import { AssignDutyForm } from './AssignDutyForm.tsx';
import { toastSuccess } from '../../../lib/toast.ts';

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
  const [version, setVersion] = useState(0);
  const list = usePagedList((q) => fetchDuties(staff.id, q), [staff.id, version]);
  const [removing, setRemoving] = useState<StaffDuty | null>(null);

  const columns: ListColumn<StaffDuty>[] = [
    {
      key: 'room',
      title: t('examStaff.duty.room'),
      render: (d) => <TwoLines main={d.room_name} sub={d.site_name} testId={`duty-row-${d.id}`} />,
    },
    {
      key: 'session',
      title: t('examStaff.duty.session'),
      render: (d) => (
        <TwoLines
          main={d.session_name}
          sub={`${isoDateTime(d.starts_at)}-${isoDateTime(d.ends_at, '{h}:{i}')}`}
        />
      ),
    },
    {
      key: 'plan',
      title: t('examStaff.duty.plan'),
      render: (d) => <TwoLines main={d.plan_title} sub={d.plan_code} />,
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (d) => (
        <RowAction
          label={t('examStaff.duty.remove')}
          icon={<IconTrash size={16} />}
          color="red"
          onClick={() => setRemoving(d)}
          testId={`duty-remove-${d.id}`}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListTable
        columns={columns}
        {...pagedListProps(list)}
        rowKey={(d) => d.id}
        pageSizes={[10, 20, 50]}
        empty={<Text c="dimmed">{t('examStaff.duty.none')}</Text>}
        data-testid="duty-list"
      />
      <Divider label={t('examStaff.duty.add')} labelPosition="left" />
      <AssignDutyForm staff={staff} onAssigned={() => setVersion((v) => v + 1)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('examStaff.duty.remove')}
        message={
          removing
            ? t('examStaff.duty.confirmRemove', {
                name: staff.name,
                room: `${removing.site_name} ${removing.room_name}`,
                session: removing.session_name,
              })
            : ''
        }
        color="red"
        confirmLabel={t('examStaff.duty.remove')}
        onConfirm={async () => {
          if (!removing) return;
          await removeDuty(removing.id);
          toastSuccess(t('examStaff.duty.removed'));
          setVersion((v) => v + 1);
        }}
        onClose={() => setRemoving(null)}
        testId="duty-remove-dialog"
      />
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
            <Text fw={600}>{t('examStaff.duty.title', { name: staff.name })}</Text>
            <Badge variant="light" style={{ textTransform: 'none' }}>
              {t(`examStaff.roles.${staff.role}`)}
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
