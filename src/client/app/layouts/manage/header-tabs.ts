// The header's system tabs come from GET /v1/administrator/sidebars (which tabs the administrator sees and
// which are switched off). The last answer is kept per administrator in the IndexedDB store `menus`, so
// after a reload or offline the tabs render at once instead of popping in.
import { signal, type Signal } from '@preact/signals-react';
import { sidebarsResponseSchema, type HeaderTab } from '../../../../shared/menus/schema.ts';
import { api } from '../../../lib/api/client.ts';
import { idbGet, idbSet } from '../../../lib/storage.ts';

/** null until the server (or the stored copy) has answered; the layout then derives tabs from the menus. */
export const headerTabs: Signal<HeaderTab[] | null> = signal(null);
let loadedFor = '';

const storageKey = (owner: string) => `tabs:${owner}`;

export async function loadHeaderTabs(owner: string, system: number): Promise<void> {
  if (loadedFor !== owner) {
    loadedFor = owner;
    headerTabs.value = null;
    const stored = await idbGet<HeaderTab[]>('menus', storageKey(owner));
    if (Array.isArray(stored) && loadedFor === owner && headerTabs.value === null) headerTabs.value = stored;
  }
  try {
    const answer = await api.get('/v1/administrator/sidebars', sidebarsResponseSchema, {
      params: { system },
      apiType: 'administrators',
      silent: true,
    });
    if (loadedFor !== owner) return;
    headerTabs.value = answer.tabs;
    await idbSet('menus', storageKey(owner), answer.tabs);
  } catch {
    // Offline, the server is down, or (development and tests) its answer drifted from the schema: the
    // stored copy or the menu-derived tabs stay.
  }
}
