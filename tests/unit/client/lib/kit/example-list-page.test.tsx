// The README's list page works as written: it lists, filters through the URL, and deletes after asking.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const api = vi.hoisted(() => ({ fetchSites: vi.fn(), deleteSite: vi.fn(), saveSite: vi.fn() }));
vi.mock('../../../../../src/client/features/rooms/api.ts', () => api);

const { default: ExampleSitePage } = await import('./example-list-page.tsx');

const site = (id: number, name: string) => ({ id, name, address: `${name}路 ${id} 号` });

beforeEach(() => {
  setLanguage('zh');
  api.fetchSites.mockImplementation(async (query: { keyword?: string }) => {
    const all = [site(1, '滨海考点'), site(2, '江北考点')];
    const data = all.filter((s) => !query.keyword || s.name.includes(query.keyword));
    return { data, meta: { total: data.length, page: 1, limit: 20 } };
  });
  api.deleteSite.mockResolvedValue(undefined);
});
afterEach(cleanup);

describe('the kit example list page', () => {
  it('lists, filters by keyword into the URL, and deletes a row after the confirmation', async () => {
    const location = memoryLocation({ path: '/manage/sites', record: true });
    render(
      <MantineProvider env="test">
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ExampleSitePage />
        </Router>
      </MantineProvider>,
    );
    expect(await screen.findByText('江北考点')).toBeTruthy();
    expect(screen.getByTestId('pager-total').textContent).toBe('共 2 条');

    const keyword = screen.getByTestId('site-keyword');
    fireEvent.change(keyword, { target: { value: '滨海' } });
    fireEvent.keyDown(keyword, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText('江北考点')).toBeNull());
    expect(location.history.at(-1)).toBe(`/manage/sites?keyword=${encodeURIComponent('滨海')}`);

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除「滨海考点」？')).toBeTruthy();
    expect(api.deleteSite).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.deleteSite).toHaveBeenCalledWith(1));
    await waitFor(() => expect(api.fetchSites).toHaveBeenCalledTimes(3));
  });
});
