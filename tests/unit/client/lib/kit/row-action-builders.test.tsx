// The row actions most lists share: edit then delete (red) with the page's labels as their accessible
// names, an actions column that renders them, a deletion that asks first and then deletes, says so and
// reloads (and on a refusal stays open without reloading), the enable/disable switch that asks first, and
// the enabled/disabled badge and column.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastSuccess = vi.fn();
vi.mock('../../../../../src/client/lib/toast.ts', () => ({ toastSuccess }));

const { EnabledBadge, enabledColumn } = await import('../../../../../src/client/lib/kit/EnabledBadge.tsx');
const { ListPageTable } = await import('../../../../../src/client/lib/kit/ListPageTable.tsx');
const { actionsColumn, deleteRequest, editDeleteActions, toggleEnabledAction } =
  await import('../../../../../src/client/lib/kit/row-action-builders.tsx');
const { useConfirmAction } = await import('../../../../../src/client/lib/kit/use-confirm-action.tsx');
const { setLanguage } = await import('../../../../../src/client/lib/state/preferences.ts');

const renderUi = (ui: ReactElement) => render(<MantineProvider env="test">{ui}</MantineProvider>);

beforeEach(() => {
  setLanguage('zh');
  toastSuccess.mockClear();
});
afterEach(cleanup);

describe('editDeleteActions', () => {
  it('gives edit then a red delete, with the labels and test ids the page names', () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const actions = editDeleteActions({
      onEdit,
      onDelete,
      editLabel: '编辑',
      deleteLabel: '删除',
      testIdPrefix: 'staff',
      testIdSuffix: 7,
    });
    expect(actions.map((a) => [a.key, a.label, a.color, a.testId])).toEqual([
      ['edit', '编辑', undefined, 'staff-edit-7'],
      ['delete', '删除', 'red', 'staff-delete-7'],
    ]);
    actions[0]?.onClick();
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).not.toHaveBeenCalled();
    actions[1]?.onClick();
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('names the test ids by the prefix alone without a suffix, and not at all without a prefix', () => {
    const base = { onEdit: () => {}, onDelete: () => {}, editLabel: 'Edit', deleteLabel: 'Delete' };
    expect(editDeleteActions({ ...base, testIdPrefix: 'site' }).map((a) => a.testId)).toEqual([
      'site-edit',
      'site-delete',
    ]);
    expect(editDeleteActions(base).map((a) => a.testId)).toEqual([undefined, undefined]);
  });
});

interface Row {
  id: number;
  name: string;
  enabled: boolean;
}

const rows: Row[] = [
  { id: 1, name: '第一考场', enabled: true },
  { id: 2, name: '第二考场', enabled: false },
];

/** A list with the kit's row actions: deleting a row asks, deletes, and reloads. */
function RoomList({ remove, reload }: { remove: (id: number) => Promise<void>; reload: () => void }) {
  const confirm = useConfirmAction();
  return (
    <>
      <ListPageTable
        list={{
          rows,
          total: rows.length,
          loading: false,
          error: null,
          reload,
          query: { page: 1, limit: 20, sort: null },
          setPage: () => {},
        }}
        hidePagination
        columns={[
          { accessor: 'name', title: '考场' },
          enabledColumn<Row>({ title: '状态', enabledLabel: '启用', disabledLabel: '停用' }),
          actionsColumn((row: Row) =>
            editDeleteActions({
              onEdit: () => {},
              onDelete: () =>
                confirm.ask(
                  deleteRequest({
                    title: '删除考场',
                    message: `确定删除${row.name}？`,
                    confirmLabel: '删除',
                    testId: 'delete-dialog',
                    confirmTestId: 'delete-ok',
                    remove: () => remove(row.id),
                    doneMessage: '已删除',
                    onDone: reload,
                  }),
                ),
              editLabel: '编辑',
              deleteLabel: '删除',
              testIdPrefix: 'room',
              testIdSuffix: row.id,
            }),
          ),
        ]}
      />
      {confirm.dialog}
    </>
  );
}

describe('actionsColumn and deleteRequest', () => {
  it('renders each row its buttons, named by their labels', () => {
    renderUi(<RoomList remove={async () => {}} reload={() => {}} />);
    const edit = screen.getByTestId('room-edit-2');
    expect(edit.getAttribute('aria-label')).toBe('编辑');
    expect(screen.getByTestId('room-delete-1').getAttribute('aria-label')).toBe('删除');
    expect(screen.getAllByRole('button', { name: '删除' })).toHaveLength(2);
  });

  it('asks before deleting, then deletes, says so and reloads', async () => {
    const remove = vi.fn(async () => {});
    const reload = vi.fn();
    renderUi(<RoomList remove={remove} reload={reload} />);
    fireEvent.click(screen.getByTestId('room-delete-2'));
    const dialog = await screen.findByTestId('delete-dialog');
    expect(within(dialog).getByText('确定删除第二考场？')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('delete-ok'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith(2);
    expect(toastSuccess).toHaveBeenCalledWith('已删除');
  });

  it('keeps the dialog open with the reason when the server refuses, and does not reload', async () => {
    const remove = vi.fn(async () => {
      throw new Error('考场已安排考生，不能删除');
    });
    const reload = vi.fn();
    renderUi(<RoomList remove={remove} reload={reload} />);
    fireEvent.click(screen.getByTestId('room-delete-1'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    expect(await screen.findByText('考场已安排考生，不能删除')).toBeTruthy();
    expect(screen.getByTestId('delete-dialog')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

/** A list whose rows switch on and off through the kit's toggle action. */
function SwitchList({
  setEnabled,
  reload,
}: {
  setEnabled: (id: number, enabled: boolean) => Promise<void>;
  reload: () => void;
}) {
  const confirm = useConfirmAction();
  return (
    <>
      <ListPageTable
        list={{
          rows,
          total: rows.length,
          loading: false,
          error: null,
          reload,
          query: { page: 1, limit: 20, sort: null },
          setPage: () => {},
        }}
        hidePagination
        columns={[
          { accessor: 'name', title: '考场' },
          actionsColumn((row: Row) => [
            toggleEnabledAction({
              enabled: row.enabled,
              enableLabel: '启用',
              disableLabel: '停用',
              confirmEnable: `确定启用${row.name}？`,
              confirmDisable: `确定停用${row.name}？`,
              enabledDone: '已启用',
              disabledDone: '已停用',
              disableColor: 'orange',
              setEnabled: (enabled) => setEnabled(row.id, enabled),
              onDone: reload,
              ask: confirm.ask,
              testId: `room-toggle-${row.id}`,
              dialogTestId: 'toggle-dialog',
            }),
          ]),
        ]}
      />
      {confirm.dialog}
    </>
  );
}

describe('toggleEnabledAction', () => {
  const base = {
    enableLabel: 'Enable',
    disableLabel: 'Disable',
    confirmEnable: 'Enable it?',
    confirmDisable: 'Disable it?',
    enabledDone: 'Enabled',
    disabledDone: 'Disabled',
    setEnabled: async () => {},
    onDone: () => {},
    ask: () => {},
  };

  it('offers to disable an enabled row (red unless told) and to enable a disabled one (green)', () => {
    const off = toggleEnabledAction({ ...base, enabled: true, testId: 'x-toggle-1' });
    expect([off.key, off.label, off.color, off.testId]).toEqual(['toggle', 'Disable', 'red', 'x-toggle-1']);
    const on = toggleEnabledAction({ ...base, enabled: false, disableColor: 'orange' });
    expect([on.label, on.color, on.testId]).toEqual(['Enable', 'green', undefined]);
    expect(toggleEnabledAction({ ...base, enabled: true, disableColor: 'orange' }).color).toBe('orange');
  });

  it('asks with the question of the state it offers, in the colour of the action', () => {
    const ask = vi.fn();
    toggleEnabledAction({ ...base, enabled: true, ask, dialogTestId: 'd' }).onClick();
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Disable',
        message: 'Disable it?',
        confirmLabel: 'Disable',
        color: 'red',
        testId: 'd',
      }),
    );
    toggleEnabledAction({ ...base, enabled: false, ask }).onClick();
    expect(ask).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: 'Enable',
        message: 'Enable it?',
        confirmLabel: 'Enable',
        color: undefined,
      }),
    );
  });

  it('disables an enabled row once confirmed, says so and reloads', async () => {
    const setEnabled = vi.fn(async () => {});
    const reload = vi.fn();
    renderUi(<SwitchList setEnabled={setEnabled} reload={reload} />);
    expect(screen.getByTestId('room-toggle-1').getAttribute('aria-label')).toBe('停用');
    fireEvent.click(screen.getByTestId('room-toggle-1'));
    const dialog = await screen.findByTestId('toggle-dialog');
    expect(within(dialog).getByText('确定停用第一考场？')).toBeTruthy();
    expect(setEnabled).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(setEnabled).toHaveBeenCalledWith(1, false);
    expect(toastSuccess).toHaveBeenCalledWith('已停用');
  });

  it('enables a disabled row once confirmed', async () => {
    const setEnabled = vi.fn(async () => {});
    const reload = vi.fn();
    renderUi(<SwitchList setEnabled={setEnabled} reload={reload} />);
    expect(screen.getByTestId('room-toggle-2').getAttribute('aria-label')).toBe('启用');
    fireEvent.click(screen.getByTestId('room-toggle-2'));
    const dialog = await screen.findByTestId('toggle-dialog');
    expect(within(dialog).getByText('确定启用第二考场？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(setEnabled).toHaveBeenCalledWith(2, true);
    expect(toastSuccess).toHaveBeenCalledWith('已启用');
  });

  it('keeps the dialog open with the reason when the server refuses, and does not reload', async () => {
    const setEnabled = vi.fn(async () => {
      throw new Error('不能停用自己的账号');
    });
    const reload = vi.fn();
    renderUi(<SwitchList setEnabled={setEnabled} reload={reload} />);
    fireEvent.click(screen.getByTestId('room-toggle-1'));
    const dialog = await screen.findByTestId('toggle-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('不能停用自己的账号')).toBeTruthy();
    expect(screen.getByTestId('toggle-dialog')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

describe('EnabledBadge and its column', () => {
  it('says enabled (teal) or disabled (grey) in the words given', () => {
    renderUi(
      <>
        <EnabledBadge enabled enabledLabel="启用" disabledLabel="停用" testId="state-1" />
        <EnabledBadge enabled={false} enabledLabel="启用" disabledLabel="停用" testId="state-2" />
      </>,
    );
    const enabled = screen.getByTestId('state-1');
    const disabled = screen.getByTestId('state-2');
    expect(enabled.textContent).toBe('启用');
    expect(disabled.textContent).toBe('停用');
    expect(enabled.getAttribute('style')).toContain('teal');
    expect(disabled.getAttribute('style')).toContain('gray');
  });

  it("shows each row's state under the column's title", () => {
    renderUi(<RoomList remove={async () => {}} reload={() => {}} />);
    expect(screen.getByRole('columnheader', { name: '状态' })).toBeTruthy();
    const [first, second] = rows.map((row) => screen.getByText(row.name).closest('tr'));
    expect(first?.textContent).toContain('启用');
    expect(second?.textContent).toContain('停用');
  });
});
