// The built app's stylesheets (issue 4): Mantine's rules travel with the components that use them
// (scripts/web/mantine-styles.ts), so no chunk may name a Mantine class whose rules are not loaded with
// it. Also the compile hint on the chunks first pages run (scripts/web/compile-hints.ts) and the compressed
// copies beside the files (scripts/web/precompress.ts). Reads the build the browser tests run against
// (its manifest), no browser needed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
const read = (file: string) => fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8');
/** Mantine's generated class and keyframes names (`m_77c9d27d`). */
const classesIn = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1]!));

test('every Mantine class a chunk names has its rules in the stylesheets loaded with that chunk', () => {
  const chunks = manifest();
  const entryCss = Object.values(chunks).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : []));
  /** The stylesheets present when a chunk runs: its own, its static imports' and the entry's. */
  const stylesheetsWith = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key) || !chunks[key]) return [];
    seen.add(key);
    const chunk = chunks[key];
    return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((dep) => stylesheetsWith(dep, seen))];
  };
  const ruleCache = new Map<string, Set<string>>();
  const rulesOf = (css: string) => {
    // A class's rules, or an animation's keyframes (CSS modules name both).
    if (!ruleCache.has(css)) ruleCache.set(css, classesIn(read(css), /(?<![\w-])(m_[0-9a-f]{6,8})\b/g));
    return ruleCache.get(css)!;
  };
  const missing: string[] = [];
  let checked = 0;
  for (const [key, chunk] of Object.entries(chunks)) {
    if (!chunk.file.endsWith('.js')) continue;
    const named = classesIn(read(chunk.file), /["'`](m_[0-9a-f]{6,8})["'`]/g);
    if (named.size === 0) continue;
    const loaded = new Set([...entryCss, ...stylesheetsWith(key)].flatMap((css) => [...rulesOf(css)]));
    for (const name of named) if (!loaded.has(name)) missing.push(`${chunk.file}: ${name}`);
    checked += named.size;
  }
  expect(checked).toBeGreaterThan(200);
  expect(missing).toEqual([]);
});

test('the first stylesheet holds Mantine’s global rules and no component’s', () => {
  const entry = Object.values(manifest()).find((chunk) => chunk.isEntry)!;
  const css = (entry.css ?? []).map(read).join('\n');
  expect(css).toContain('--mantine-color-blue-6');
  expect(css).toContain('.mantine-focus-auto');
  expect(css).not.toMatch(/\.m_[0-9a-f]{6,8}\b/);
});

test('the chunks a first page runs ask V8 to compile them at once, and a later component’s do not', () => {
  const chunks = manifest();
  const begins = (key: string) => read(chunks[key]!.file).startsWith('//# allFunctionsCalledOnLoad\n');
  const entry = Object.keys(chunks).find((key) => chunks[key]!.isEntry)!;
  for (const key of [
    entry,
    'node_modules/react-dom/client.js',
    'src/client/start.tsx',
    'src/client/features/auth/pages/LoginPage.tsx',
    'src/client/features/scores/pages/AchievementQueryPage.tsx',
    'src/client/features/dashboard/pages/ManageHomePage.tsx',
  ])
    expect(begins(key), key).toBe(true);
  for (const key of [
    'src/client/app/Toasts.tsx',
    'src/client/features/plans/components/EnrollmentCountsChart.tsx',
  ])
    expect(begins(key), key).toBe(false);
});

test('the build leaves compressed copies of its scripts, its stylesheet and the service worker', () => {
  const chunks = manifest();
  const entry = Object.values(chunks).find((chunk) => chunk.isEntry)!;
  for (const file of [entry.file, ...(entry.css ?? []), 'sw.js', 'index.html']) {
    const original = fs.readFileSync(path.join(CLIENT_DIR, file));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(CLIENT_DIR, `${file}.br`))), file).toEqual(
      original,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(CLIENT_DIR, `${file}.gz`))), file).toEqual(original);
  }
});
