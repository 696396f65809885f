import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../../src/shared/api/constants.ts';
import { getCookie, idbClear, setCookie } from '../../../../../src/client/lib/storage.ts';
import { clearAllCookies } from './cookies.ts';
import type * as PrefsModule from '../../../../../src/client/lib/state/preferences.ts';

type Prefs = typeof PrefsModule;

/** A fresh copy of the module, as after a page reload. */
async function reload(): Promise<Prefs> {
  vi.resetModules();
  return import('../../../../../src/client/lib/state/preferences.ts');
}

describe('preferences (spec §3, §9)', () => {
  beforeEach(async () => {
    clearAllCookies();
    await idbClear('prefs');
  });

  it('the chosen language persists across a reload', async () => {
    const prefs = await reload();
    prefs.setLanguage('es');
    expect(getCookie(STORAGE_KEYS.language)).toBe('es');
    expect((await reload()).language.value).toBe('es');
  });

  it('size defaults to medium and the chosen size persists', async () => {
    expect((await reload()).uiSize.value).toBe('medium');
    (await reload()).setUiSize('mini');
    expect((await reload()).uiSize.value).toBe('mini');
  });

  it('an unknown saved size falls back to medium', async () => {
    setCookie(STORAGE_KEYS.size, 'huge');
    expect((await reload()).uiSize.value).toBe('medium');
  });

  it('the sidebar flag persists; closing on mobile is without animation', async () => {
    let prefs = await reload();
    expect(prefs.sidebarOpened.value).toBe(true);
    prefs.toggleSidebar();
    expect(getCookie(STORAGE_KEYS.sidebarStatus)).toBe('0');
    prefs = await reload();
    expect(prefs.sidebarOpened.value).toBe(false);
    prefs.toggleSidebar();
    expect(prefs.sidebarOpened.value).toBe(true);
    prefs.closeSidebar({ withoutAnimation: true });
    expect(prefs.sidebarOpened.value).toBe(false);
    expect(prefs.sidebarWithoutAnimation.value).toBe(true);
  });

  it('the current system persists', async () => {
    (await reload()).setCurrentSystem(3);
    expect((await reload()).currentSystem.value).toBe(3);
  });

  it('settings default to theme #3e56ec and persist in IndexedDB, restored before first render', async () => {
    let prefs = await reload();
    expect(prefs.settings.value.themeColor).toBe('#3e56ec');
    prefs.updateSettings({ themeColor: '#13c2c2', tagsView: false });
    await vi.waitFor(async () => {
      prefs = await reload();
      await prefs.hydratePreferences();
      expect(prefs.settings.value).toMatchObject({
        themeColor: '#13c2c2',
        tagsView: false,
        fixedHeader: true,
      });
    });
  });
});
