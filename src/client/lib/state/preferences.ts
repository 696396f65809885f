// UI preferences as signals. The spec's stored keys (sidebarStatus, language, size, currentSystem) are
// cookies, read synchronously when this module loads, so the first render already has the right language
// and size; the settings object (theme colour, drawer switches) is in IndexedDB `prefs` and is awaited by
// hydratePreferences() before the first render, so there is no flash of the default theme either.
import { batch, signal, type Signal } from '@preact/signals-react';
import {
  DEFAULT_UI_SIZE,
  MOBILE_BREAKPOINT_PX,
  STORAGE_KEYS,
  THEME_COLOR,
  UI_SIZES,
  type Language,
  type UiSize,
} from '../../../shared/api/constants.ts';
import { detectLanguage } from '../../../shared/api/language.ts';
import { getCookie, idbGet, idbSet, setCookie } from '../storage.ts';

export type Device = 'desktop' | 'mobile';

export interface Settings {
  themeColor: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  themeColor: THEME_COLOR,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
};

const COOKIE_DAYS = 365;
const SETTINGS_KEY = 'settings';

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length
    ? [...navigator.languages]
    : navigator.language
      ? [navigator.language]
      : [];
}

function initialSize(): UiSize {
  const saved = getCookie(STORAGE_KEYS.size);
  return (UI_SIZES as readonly string[]).includes(saved ?? '') ? (saved as UiSize) : DEFAULT_UI_SIZE;
}

function initialDevice(): Device {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
}

function initialSystem(): number {
  const saved = Number(getCookie(STORAGE_KEYS.currentSystem));
  return Number.isInteger(saved) && saved >= 0 ? saved : 0;
}

export const language: Signal<Language> = signal(
  detectLanguage(getCookie(STORAGE_KEYS.language), browserLanguages()),
);
export const uiSize: Signal<UiSize> = signal(initialSize());
/** The sidebar is open unless the saved flag says closed ('0'). */
export const sidebarOpened: Signal<boolean> = signal(getCookie(STORAGE_KEYS.sidebarStatus) !== '0');
export const sidebarWithoutAnimation: Signal<boolean> = signal(false);
export const device: Signal<Device> = signal(initialDevice());
export const settings: Signal<Settings> = signal({ ...DEFAULT_SETTINGS });
export const currentSystem: Signal<number> = signal(initialSystem());

export function setLanguage(next: Language): void {
  language.value = next;
  setCookie(STORAGE_KEYS.language, next, { days: COOKIE_DAYS });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(next);
}

export function htmlLang(l: Language): string {
  return l === 'zh' ? 'zh-CN' : l;
}

export function setUiSize(next: UiSize): void {
  uiSize.value = next;
  setCookie(STORAGE_KEYS.size, next, { days: COOKIE_DAYS });
}

export function toggleSidebar(): void {
  batch(() => {
    sidebarOpened.value = !sidebarOpened.value;
    sidebarWithoutAnimation.value = false;
  });
  setCookie(STORAGE_KEYS.sidebarStatus, sidebarOpened.value ? '1' : '0', { days: COOKIE_DAYS });
}

export function closeSidebar({ withoutAnimation }: { withoutAnimation: boolean }): void {
  batch(() => {
    sidebarOpened.value = false;
    sidebarWithoutAnimation.value = withoutAnimation;
  });
  setCookie(STORAGE_KEYS.sidebarStatus, '0', { days: COOKIE_DAYS });
}

export function setDevice(next: Device): void {
  device.value = next;
}

export function updateSettings(partial: Partial<Settings>): void {
  settings.value = { ...settings.value, ...partial };
  void idbSet('prefs', SETTINGS_KEY, settings.value);
}

export function setCurrentSystem(index: number): void {
  currentSystem.value = index;
  setCookie(STORAGE_KEYS.currentSystem, String(index), { days: COOKIE_DAYS });
}

/** Loads the IndexedDB part of the preferences; call once and await before the first render. */
export async function hydratePreferences(): Promise<void> {
  const saved = await idbGet<Partial<Settings>>('prefs', SETTINGS_KEY);
  if (saved && typeof saved === 'object') {
    const merged: Settings = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      const value = saved[key];
      if (typeof value === typeof DEFAULT_SETTINGS[key])
        (merged as unknown as Record<string, unknown>)[key] = value;
    }
    settings.value = merged;
  }
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language.value);
}
