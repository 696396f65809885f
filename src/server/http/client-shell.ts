// The app shell (the build's index.html) as the server sends it for a page, with hints for that page:
// - <link rel="modulepreload"> for the page's own chunks (.vite/route-preloads.json, written by the
//   build), so a phone downloads them beside the entry's instead of after the entry has run;
// - on the portal's home page, a preload of the first banner, its largest image, which would otherwise
//   be requested only after the scripts and the banner list (issue 4: first paint on weak networks).
// The service worker serves its precached shell without hints: a repeat visit has the chunks already.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../shared/pwa/route-preloads.ts';

export interface ShellHints {
  /** Chunk URLs of the page ('/assets/...'). */
  modules: readonly string[];
  /** Images the first paint shows (same-origin upload URLs). */
  images: readonly string[];
}

/** Only our own hashed chunks and uploads are ever named; anything else is dropped. */
const MODULE_URL = /^\/assets\/[\w.-]+\.js$/;
const IMAGE_URL = /^\/api\/v1\/uploads\/[\w.-]+$/;

/** `html` with the hints' link tags before </head>. */
export function withHints(html: string, hints: ShellHints): string {
  const tags = [
    ...hints.images
      .filter((url) => IMAGE_URL.test(url))
      .map((url) => `<link rel="preload" as="image" href="${url}" fetchpriority="high">`),
    ...hints.modules
      .filter((url) => MODULE_URL.test(url))
      .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`),
  ];
  if (tags.length === 0) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
}

/** '/userCenter/' -> '/userCenter'; the query is not part of the path. */
export function shellPath(url: string): string {
  const pathname = url.split('?')[0] || '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

interface Cached<T> {
  mtimeMs: number;
  value: T;
}

/**
 * Reads the shell and the route preloads of `clientDir`, again whenever a new build replaced them (the
 * files are small; a rebuild while the server runs is served at once).
 */
export function clientShell(clientDir: string) {
  const cache = new Map<string, Cached<unknown>>();
  async function read<T>(file: string, parse: (text: string) => T, fallback: T): Promise<T> {
    const full = path.join(clientDir, file);
    try {
      const { mtimeMs } = await fs.stat(full);
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === mtimeMs) return hit.value as T;
      const value = parse(await fs.readFile(full, 'utf8'));
      cache.set(file, { mtimeMs, value });
      return value;
    } catch {
      return fallback;
    }
  }
  const preloads = () =>
    read<RoutePreloads>(ROUTE_PRELOADS_FILE, (text) => JSON.parse(text) as RoutePreloads, {});
  return {
    /** The shell for `url`, with the modules of its page and the given first-paint images. */
    async html(url: string, images: readonly string[] = []): Promise<string> {
      const [html, routes] = await Promise.all([read('index.html', (text) => text, ''), preloads()]);
      return withHints(html, { modules: routes[shellPath(url)] ?? [], images });
    },
  };
}
