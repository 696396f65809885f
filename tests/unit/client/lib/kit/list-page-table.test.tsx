// The back-office table (mantine-datatable): rows, the spec's pager under them, the empty and the error
// state, sortable columns and row selection for batch actions.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ListPageTable,
  type ListPageColumn,
  type TableSource,
} from '../../../../../src/client/lib/kit/ListPageTable.tsx';
import { useRowSelection } from '../../../../../src/client/lib/kit/use-row-selection.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

interface Row {
  id: number;
  name: string;
}

const renderUi = (ui: ReactElement) => render(<MantineProvider env="test">{ui}</MantineProvider>);

const columns: ListPageColumn<Row>[] = [
  { accessor: 'id', title: 'ID' },
  { accessor: 'name', title: '名称', sortable: true },
];

function source(overrides: Partial<TableSource<Row>> = {}): TableSource<Row> {
  return {
    rows: [
      { id: 1, name: '甲' },
      { id: 2, name: '乙' },
    ],
    total: 45,
    loading: false,
    error: null,
    reload: vi.fn(),
    query: { page: 1, limit: 20, sort: null },
    setPage: vi.fn(),
    setSort: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => setLanguage('zh'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ListPageTable', () => {
  it('shows the rows with the total and page sizes of the spec pager, and a test id per row', () => {
    renderUi(<ListPageTable list={source()} columns={columns} rowTestId={(row) => `row-${row.id}`} />);
    const table = screen.getByTestId('list-table');
    expect(within(table).getByTestId('row-2').textContent).toContain('乙');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('pager-total').textContent).toBe('共 45 条');
    expect((screen.getByTestId('pager-sizes') as HTMLInputElement).value).toBe('20 条/页');
    expect(screen.queryByTestId('list-empty')).toBeNull();
  });

  it('turns the page through the pager, back to the top', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const list = source();
    renderUi(<ListPageTable list={list} columns={columns} />);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(list.setPage).toHaveBeenCalledWith(2, 20);
    expect(scroll).toHaveBeenCalled();
  });

  it('shows its empty state and no pager when there are no rows', () => {
    renderUi(
      <ListPageTable
        list={source({ rows: [], total: 0 })}
        columns={columns}
        empty={<span>还没有考场</span>}
      />,
    );
    expect(screen.getByTestId('list-empty').textContent).toBe('还没有考场');
    expect(screen.queryByTestId('pager')).toBeNull();
  });

  it('shows the error in place of the rows, with a retry that loads again', () => {
    const list = source({ rows: [], total: 0, error: '网络不可用' });
    renderUi(<ListPageTable list={list} columns={columns} />);
    expect(screen.getByTestId('list-error').textContent).toContain('网络不可用');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByText('重试'));
    expect(list.reload).toHaveBeenCalled();
  });

  it('sorts by a sortable column', () => {
    const list = source();
    renderUi(<ListPageTable list={list} columns={columns} />);
    fireEvent.click(screen.getByText('名称'));
    expect(list.setSort).toHaveBeenCalledWith({ column: 'name', direction: 'asc' });
  });

  it('reports a row click', () => {
    const opened = vi.fn();
    renderUi(<ListPageTable list={source()} columns={columns} onRowClick={opened} />);
    fireEvent.click(screen.getByText('甲'));
    expect(opened).toHaveBeenCalledWith({ id: 1, name: '甲' });
  });

  it('selects rows for a batch action; new rows clear the selection', () => {
    const first = source();
    const { result, rerender } = renderHook(
      ({ rows }) =>
        useRowSelection(rows, {
          rowTestId: (row: Row) => `select-${row.id}`,
          allTestId: 'select-all',
          isSelectable: (row: Row) => row.id !== 2,
        }),
      { initialProps: { rows: first.rows } },
    );
    const view = renderUi(<ListPageTable list={first} columns={columns} selection={result.current} />);
    fireEvent.click(screen.getByTestId('select-1'));
    expect(result.current.selected).toEqual([first.rows[0]]);
    expect((screen.getByTestId('select-2') as HTMLInputElement).disabled).toBe(true);
    view.rerender(
      <MantineProvider env="test">
        <ListPageTable list={first} columns={columns} selection={result.current} />
      </MantineProvider>,
    );
    expect((screen.getByTestId('select-1') as HTMLInputElement).checked).toBe(true);
    rerender({ rows: [{ id: 3, name: '丙' }] });
    expect(result.current.selected).toEqual([]);
  });
});
