// @vitest-environment node
import type { OutputAsset, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHint } from '../../../scripts/web/compile-hints.ts';

describe('addCompileHint', () => {
  it('puts V8’s magic comment on the first line of its own', () => {
    const chunk = { code: 'import{a}from"./a.js";a();', map: null } as unknown as OutputChunk;
    addCompileHint(chunk, undefined);
    expect(chunk.code.split('\n')).toEqual(['//# allFunctionsCalledOnLoad', 'import{a}from"./a.js";a();']);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
  });

  it('moves the source map down the one line it adds', () => {
    const chunk = { code: 'a();', map: { mappings: 'AAAA' } } as unknown as OutputChunk;
    const map = {
      type: 'asset',
      source: JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA' }),
    } as unknown as OutputAsset;
    addCompileHint(chunk, map);
    expect(chunk.map?.mappings).toBe(';AAAA');
    expect(JSON.parse(map.source as string)).toEqual({ version: 3, sources: ['a.ts'], mappings: ';AAAA' });
  });
});
