import { describe, expect, it } from 'vitest';
import { acceptedLanguages, detectLanguage } from '../../../src/shared/api/language.ts';

describe('interface language (spec §9)', () => {
  it('is the saved cookie, else the browser language, else en', () => {
    expect(detectLanguage('ja', ['zh-CN'])).toBe('ja');
    expect(detectLanguage(undefined, ['zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(undefined, ['es-MX'])).toBe('es');
    expect(detectLanguage('klingon', ['fr-FR', 'ja-JP'])).toBe('ja');
    expect(detectLanguage(undefined, ['fr-FR'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });

  it('reads an Accept-Language header in the order navigator.languages gives', () => {
    expect(acceptedLanguages('zh-CN,zh;q=0.9,en;q=0.8')).toEqual(['zh-CN', 'zh', 'en']);
    expect(acceptedLanguages('en;q=0.5, ja-JP')).toEqual(['ja-JP', 'en']);
    expect(acceptedLanguages('fr;q=0.7, es;q=0.7')).toEqual(['fr', 'es']);
    expect(acceptedLanguages('zh;q=0, *;q=0.1, en')).toEqual(['en']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(detectLanguage(undefined, acceptedLanguages('fr-FR,zh-CN;q=0.9'))).toBe('zh');
  });
});
