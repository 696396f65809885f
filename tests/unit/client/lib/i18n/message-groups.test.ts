// The message groups as a build serves them (scripts/i18n/vite-plugin.ts): only Chinese's learner table in
// the bundle, every other language and group loaded on demand. The unit tests otherwise get every table
// statically, so the loading is checked here against a stand-in of the virtual module.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const tables = vi.hoisted(() => ({
  'zh/learner': { common: { ok: '好' } },
  'zh/manage': { manage: { title: '后台' } },
  'en/learner': { common: { ok: 'OK' } },
  'en/manage': { manage: { title: 'Back office' } },
}));
const loadTable = vi.hoisted(() =>
  vi.fn((lang: string, group: string) => Promise.resolve(tables[`${lang}/${group}` as keyof typeof tables])),
);
vi.mock('virtual:i18n-tables', () => ({
  staticTables: { zh: tables['zh/learner'] },
  staticGroups: ['learner'],
  loadTable,
}));

describe('message groups', () => {
  beforeEach(() => {
    vi.resetModules();
    loadTable.mockClear();
  });

  it('loads the manage group once per language, and with every language switched to afterwards', async () => {
    const { setLanguage, language } = await import('../../../../../src/client/lib/state/preferences.ts');
    setLanguage('zh');
    const i18n = await import('../../../../../src/client/lib/i18n/index.ts');
    expect(i18n.t('common.ok')).toBe('好');
    expect(i18n.t('manage.title')).toBe('manage.title');
    expect(i18n.messagesReady('zh', 'manage')).toBe(false);
    expect(loadTable).not.toHaveBeenCalled();

    await Promise.all([i18n.loadMessageGroup('manage'), i18n.loadMessageGroup('manage')]);
    expect(i18n.t('manage.title')).toBe('后台');
    expect(i18n.messagesReady('zh', 'manage')).toBe(true);
    expect(loadTable.mock.calls).toEqual([['zh', 'manage']]);

    // A switch in the back office: both of the new language's groups are there before it is shown.
    await i18n.changeLanguage('en');
    expect(language.value).toBe('en');
    expect(loadTable.mock.calls.slice(1).sort()).toEqual([
      ['en', 'learner'],
      ['en', 'manage'],
    ]);
    expect(i18n.t('manage.title')).toBe('Back office');
    expect(i18n.t('common.ok')).toBe('OK');
    await i18n.loadMessageGroup('manage');
    expect(loadTable).toHaveBeenCalledTimes(3);
  });

  it('a learner page loads only the learner group of a new language', async () => {
    const { setLanguage } = await import('../../../../../src/client/lib/state/preferences.ts');
    setLanguage('zh');
    const i18n = await import('../../../../../src/client/lib/i18n/index.ts');
    await i18n.changeLanguage('en');
    expect(loadTable.mock.calls).toEqual([['en', 'learner']]);
    expect(i18n.t('common.ok', undefined, 'en')).toBe('OK');
  });
});
