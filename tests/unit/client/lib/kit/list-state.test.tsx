// A list's page, size, sort and filters live in the URL: read back with defaults for anything missing or
// malformed, written without the defaults, next to parameters the list does not own (?step=).
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  readListQuery,
  useListState,
  writeListQuery,
  type ListState,
  type ListStateOptions,
} from '../../../../../src/client/lib/kit/list-state.ts';

const options: ListStateOptions<'keyword' | 'state'> = { filters: { keyword: '', state: 'submitted' } };

afterEach(cleanup);

describe('readListQuery / writeListQuery', () => {
  it('reads the spec defaults (page 1, 20 a page) and the filter defaults from an empty query', () => {
    expect(readListQuery(new URLSearchParams(''), options)).toEqual({
      page: 1,
      limit: 20,
      sort: null,
      filters: { keyword: '', state: 'submitted' },
    });
  });

  it('reads page, size, sort and filters, and ignores what is malformed', () => {
    const query = readListQuery(
      new URLSearchParams('page=3&limit=50&sort=name:desc&keyword=%E5%BC%A0&state=approved'),
      options,
    );
    expect(query).toEqual({
      page: 3,
      limit: 50,
      sort: { column: 'name', direction: 'desc' },
      filters: { keyword: '张', state: 'approved' },
    });
    const bad = readListQuery(new URLSearchParams('page=0&limit=1000&sort=name:sideways'), options);
    expect([bad.page, bad.limit, bad.sort]).toEqual([1, 20, null]);
    expect(readListQuery(new URLSearchParams('page=-2&limit=abc'), options).page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps parameters it does not own', () => {
    const written = writeListQuery(
      new URLSearchParams('step=exam&page=4'),
      { page: 1, limit: 30, sort: null, filters: { keyword: '茶艺', state: 'submitted' } },
      options,
    );
    expect(written.toString()).toBe(`step=exam&limit=30&keyword=${encodeURIComponent('茶艺')}`);
  });

  it('keeps two lists of one page apart by their prefix', () => {
    const sites = { ...options, urlKey: 'sites' };
    const params = writeListQuery(
      new URLSearchParams('page=2'),
      { page: 5, limit: 20, sort: null, filters: { keyword: 'x', state: 'submitted' } },
      sites,
    );
    expect(params.get('page')).toBe('2');
    expect(params.get('sites.page')).toBe('5');
    expect(readListQuery(params, sites).page).toBe(5);
    expect(readListQuery(params, options).page).toBe(2);
  });
});

function mount(path: string, inUrl = true) {
  const location = memoryLocation({ path, record: true });
  const state: { current: ListState<'keyword' | 'state'> | null } = { current: null };
  function Probe() {
    state.current = useListState({ ...options, inUrl });
    return null;
  }
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Probe />
    </Router>,
  );
  return { location, state: () => state.current! };
}

describe('useListState', () => {
  it('a filter change goes back to page 1 and lands in the URL, beside ?step=', () => {
    const { location, state } = mount('/manage/plan/index?step=exam&page=3');
    expect(state().query.page).toBe(3);
    act(() => state().setFilters({ keyword: '电工' }));
    expect(state().query).toMatchObject({ page: 1, filters: { keyword: '电工', state: 'submitted' } });
    expect(location.history.at(-1)).toBe(
      `/manage/plan/index?step=exam&keyword=${encodeURIComponent('电工')}`,
    );
    expect(state().filtered).toBe(true);
  });

  it('turns pages and sizes, sorts from page 1, and resets to the defaults', () => {
    const { location, state } = mount('/list');
    act(() => state().setPage(2, 50));
    expect(location.history.at(-1)).toBe('/list?page=2&limit=50');
    act(() => state().setSort({ column: 'name', direction: 'asc' }));
    expect(state().query).toMatchObject({ page: 1, limit: 50, sort: { column: 'name', direction: 'asc' } });
    act(() => state().setFilters({ state: 'rejected' }));
    act(() => state().reset());
    expect(state().query).toEqual({ page: 1, limit: 50, sort: null, filters: options.filters });
    expect(state().filtered).toBe(false);
    expect(location.history.at(-1)).toBe('/list?limit=50');
  });

  it('a list kept out of the URL leaves the location alone', () => {
    const { location, state } = mount('/staff', false);
    act(() => state().setPage(4));
    expect(state().query.page).toBe(4);
    expect(location.history).toEqual(['/staff']);
  });
});
