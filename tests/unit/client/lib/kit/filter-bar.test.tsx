// The filter bar binds its fields to the list's filters in the URL: typed text applies once typing
// settles or on Enter, a select at once, the search button applies and loads again, reset clears all.
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  FilterBar,
  FilterField,
  FilterSelect,
  FilterText,
} from '../../../../../src/client/lib/kit/FilterBar.tsx';
import { useListState } from '../../../../../src/client/lib/kit/list-state.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const reload = vi.fn();

function StaffFilters() {
  const list = useListState({ filters: { keyword: '', role: '', state: 'all' } });
  return (
    <>
      <FilterBar list={{ ...list, reload }} withSearch withReset>
        <FilterText name="keyword" debounceMs={300} data-testid="keyword" />
        <FilterSelect
          name="role"
          data={[
            { value: 'invigilator', label: '监考员' },
            { value: 'examiner', label: '考评员' },
          ]}
          data-testid="role"
        />
        <FilterField name="state">
          {(value, set) => (
            <button data-testid="state" onClick={() => set(value === 'all' ? 'enabled' : 'all')}>
              {value}
            </button>
          )}
        </FilterField>
      </FilterBar>
      <output data-testid="query">{JSON.stringify(list.query)}</output>
    </>
  );
}

function mount(path = '/personnel') {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test">
      <Router hook={location.hook} searchHook={location.searchHook}>
        <StaffFilters />
      </Router>
    </MantineProvider>,
  );
  const query = () =>
    JSON.parse(screen.getByTestId('query').textContent!) as {
      page: number;
      filters: Record<string, string>;
    };
  return { location, query };
}

beforeEach(() => setLanguage('zh'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  reload.mockClear();
});

describe('FilterBar', () => {
  it('applies typed text once typing settles, trimmed, from page 1', async () => {
    const { location, query } = mount('/personnel?page=3');
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: ' 张 ' } });
    expect(query().filters.keyword).toBe('');
    await waitFor(() => expect(query().filters.keyword).toBe('张'));
    expect(query().page).toBe(1);
    expect(location.history.at(-1)).toBe(`/personnel?keyword=${encodeURIComponent('张')}`);
  });

  it('applies text at once on Enter and with the search button, which also loads again', () => {
    const { query } = mount();
    const input = screen.getByTestId('keyword');
    fireEvent.change(input, { target: { value: '李' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(query().filters.keyword).toBe('李');
    fireEvent.change(input, { target: { value: '王' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    expect(query().filters.keyword).toBe('王');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('applies a select and a custom field at once; reset clears them and the text', async () => {
    const { query } = mount();
    const reset = screen.getByTestId('filter-reset') as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('role'));
    fireEvent.click(await screen.findByText('考评员'));
    fireEvent.click(screen.getByTestId('state'));
    expect(query().filters).toMatchObject({ role: 'examiner', state: 'enabled' });
    fireEvent.change(screen.getByTestId('keyword'), { target: { value: '半截' } });
    expect(reset.disabled).toBe(false);
    act(() => reset.click());
    expect(query().filters).toEqual({ keyword: '', role: '', state: 'all' });
    expect((screen.getByTestId('keyword') as HTMLInputElement).value).toBe('');
  });

  it('shows filters that come with the URL (a link, a tag switched back to)', () => {
    mount(`/personnel?keyword=${encodeURIComponent('赵')}&role=invigilator`);
    expect((screen.getByTestId('keyword') as HTMLInputElement).value).toBe('赵');
    expect((screen.getByTestId('role') as HTMLInputElement).value).toBe('监考员');
  });
});
