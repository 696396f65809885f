// Lookup names come in the interface language: the device keeps a copy per language, so switching the
// language loads the list in the new one instead of showing the stored copy of the old.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLookup } from '../../../../../src/client/lib/offline/reference-data.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import { idbClear } from '../../../../../src/client/lib/storage.ts';

const NAMES: Record<string, string> = { zh: '汉族', en: 'Han', ja: '漢族' };

describe('reference data per interface language', () => {
  beforeEach(() => idbClear('lookups'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setLanguage('en');
  });

  it('asks in the current language and keeps one copy per language', async () => {
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const lang = new Headers(init?.headers).get('accept-language');
        asked.push(lang);
        return new Response(JSON.stringify({ data: [{ id: 1, name: NAMES[lang ?? 'zh'] }] }), {
          status: 200,
          headers: { ETag: `"${lang}"`, 'Content-Type': 'application/json' },
        });
      }),
    );

    setLanguage('zh');
    expect(await getLookup('ethnicGroups')).toEqual([{ id: 1, name: '汉族' }]);
    setLanguage('en');
    expect(await getLookup('ethnicGroups')).toEqual([{ id: 1, name: 'Han' }]);
    setLanguage('zh');
    expect(await getLookup('ethnicGroups')).toEqual([{ id: 1, name: '汉族' }]);
    expect(asked).toEqual(['zh', 'en']);
  });
});
