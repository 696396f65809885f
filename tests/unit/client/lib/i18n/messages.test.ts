import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../../src/shared/api/constants.ts';
import { t } from '../../../../../src/client/lib/i18n/index.ts';
import { messageAreas } from '../../../../../src/client/app/messages.ts';
import type { MessageTable } from '../../../../../src/client/lib/i18n/types.ts';
import { language, setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

function flatten(table: MessageTable, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations: zh, en, es, ja (issue 3 "Four languages")', () => {
  const areas = Object.entries(messageAreas);

  it('has message areas', () => {
    expect(areas.length).toBeGreaterThan(0);
  });

  for (const [area, messages] of areas) {
    describe(`area ${area}`, () => {
      const all = new Set(LANGUAGES.flatMap((lang) => [...flatten(messages[lang] ?? {}).keys()]));

      it.each(LANGUAGES)('%s has every key, none empty', (lang) => {
        const table = flatten(messages[lang] ?? {});
        const missing = [...all].filter((key) => !table.has(key));
        expect(missing, `missing in ${lang}`).toEqual([]);
        const empty = [...table].filter(([, value]) => value.trim() === '').map(([key]) => key);
        expect(empty, `empty in ${lang}`).toEqual([]);
      });

      it('every language uses the same {{parameters}} for a key', () => {
        const zh = flatten(messages.zh ?? {});
        for (const lang of LANGUAGES) {
          const table = flatten(messages[lang] ?? {});
          for (const [key, value] of zh) {
            const other = table.get(key);
            if (other !== undefined) expect(params(other), `${lang} ${area}.${key}`).toEqual(params(value));
          }
        }
      });
    });
  }
});

describe('t()', () => {
  it('follows the language signal, without a reload', () => {
    const before = language.value;
    setLanguage('zh');
    expect(t('common.logout')).toBe('退出登录');
    setLanguage('ja');
    expect(t('common.logout')).toBe('ログアウト');
    setLanguage('es');
    expect(t('common.logout')).toBe('Cerrar sesión');
    setLanguage('en');
    expect(t('common.logout')).toBe('Log out');
    expect(t('common.logoutConfirm')).toBe('Are you sure you want to log out?');
    setLanguage(before);
  });

  it('fills parameters and answers the key when a message does not exist', () => {
    setLanguage('zh');
    expect(t('common.pagination.total', { total: 42 })).toBe('共 42 条');
    expect(t('nope.missing')).toBe('nope.missing');
  });
});

describe('keys used in the code exist', () => {
  it('every literal t("area.key") in src/client has a message', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(join(process.cwd(), 'src/client'));
    const en = new Map<string, string>();
    for (const [area, messages] of Object.entries(messageAreas))
      for (const [k, v] of flatten(messages.en, area)) en.set(k, v);
    const unknown: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([A-Za-z][\w]*\.[\w.]+)'/g)) {
        if (!en.has(match[1]!)) unknown.push(`${file.slice(process.cwd().length + 1)}: ${match[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
