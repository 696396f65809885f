// The app shell (the build's index.html) as the server sends it for a page, with hints for that page:
// - <link rel="modulepreload"> for the page's own chunks and deferred stylesheet links for their styles
//   (.vite/route-preloads.json, written by the build), so a phone downloads them beside the entry's
//   instead of after the entry has run, and the first render applies them with the others;
// - the answers of the page's first public GETs (shared/pwa/first-answers.ts), so it renders its data on
//   its first render instead of asking after the scripts have run;
// - on the portal's home page its banners, and on the scores page the learner's scores, rendered from those
//   answers by the page's own components in a module the build made for the server (shared/pwa/first-paint.ts,
//   loaded here): the largest thing on the first screen is there before any script (issue 4: first paint on
//   weak networks); the home page's first banner is also asked for first. The page's first render draws the
//   same over it.
// The service worker serves its precached shell without hints: a repeat visit has the chunks already,
// and its page asks for its data.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { deferredStylesheetLinks } from '../../shared/pwa/deferred-stylesheet.ts';
import { FIRST_ANSWERS_ELEMENT_ID, FIRST_PAINT_MARKER } from '../../shared/pwa/first-answers.ts';
import {
  firstPaintModule,
  firstPaintStyles,
  type FirstPaintModule,
  type FirstPaintName,
  type FirstPaintOptions,
} from '../../shared/pwa/first-paint.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../shared/pwa/route-preloads.ts';

export interface ShellHints {
  /** Chunk and stylesheet URLs of the page ('/assets/...'). */
  modules: readonly string[];
  /** The image the first paint shows first, asked for before anything else (a same-origin upload URL). */
  banner?: string | undefined;
  /** The page's first paint (the built module's markup, every text escaped, and its critical CSS). */
  paint?: string;
  /** Public GET answers by firstAnswerKey(). */
  answers?: Readonly<Record<string, unknown>>;
}

/** Only our own hashed chunks and uploads are ever named; anything else is dropped. */
const MODULE_URL = /^\/assets\/[\w.-]+\.js$/;
const STYLESHEET_URL = /^\/assets\/[\w.-]+\.css$/;
const IMAGE_URL = /^\/api\/v1\/uploads\/[\w.-]+$/;

/** JSON that is safe inside <script>: no '<', so no '</script>' or '<!--'. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** CSS that is safe inside <style>: a '</' is written '<\\/' (the same in CSS), so no '</style>'. */
const styleText = (css: string) => css.replace(/<\//g, '<\\/');

function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 || !text ? html : `${html.slice(0, at)}${text}${html.slice(at)}`;
}

/** The build's first request in the shell's head: the entry script (vite). */
const FIRST_REQUEST = '<script type="module"';

/**
 * `html` with the hints: the banner's preload before the entry, the other link tags before </head>, the
 * first paint in #root, the answers in <body>.
 */
export function withHints(html: string, hints: ShellHints): string {
  const image = hints.banner && IMAGE_URL.test(hints.banner) ? hints.banner : undefined;
  // The banner is asked for first, before the entry's script and the build's preloads take the
  // connections (a phone on HTTP/1.1 has six).
  const imageLink = image ? `<link rel="preload" as="image" href="${image}" fetchpriority="high">` : '';
  const links = [
    ...hints.modules
      .filter((url) => MODULE_URL.test(url))
      .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`),
    ...hints.modules.filter((url) => STYLESHEET_URL.test(url)).map(deferredStylesheetLinks),
  ].join('');
  const answers =
    hints.answers && Object.keys(hints.answers).length > 0
      ? `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${scriptJson(hints.answers)}</script>`
      : '';
  const head = html.includes(FIRST_REQUEST) ? FIRST_REQUEST : '</head>';
  return insertBefore(
    insertBefore(
      insertBefore(insertBefore(html, head, imageLink), '</head>', links),
      FIRST_PAINT_MARKER,
      hints.paint ?? '',
    ),
    '</body>',
    answers,
  );
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
  /** A page's built first-paint module, imported again when a new build replaced it; null without one (dev). */
  async function paintModule(name: FirstPaintName): Promise<FirstPaintModule | null> {
    const file = firstPaintModule(name);
    const full = path.join(clientDir, file);
    try {
      const { mtimeMs } = await fs.stat(full);
      const hit = cache.get(file);
      if (hit && hit.mtimeMs === mtimeMs) return hit.value as FirstPaintModule;
      const url = `${pathToFileURL(full).href}?build=${mtimeMs}`;
      const value = (await import(/* @vite-ignore */ url)) as FirstPaintModule;
      cache.set(file, { mtimeMs, value });
      return value;
    } catch {
      return null;
    }
  }
  return {
    /**
     * The page's content for its first answer, rendered by its built first-paint module, with the rules of
     * the built stylesheets it uses (the page's own stylesheets are deferred); '' without a built module or
     * for an answer it does not paint.
     */
    async paint(name: FirstPaintName, answer: unknown, options: FirstPaintOptions): Promise<string> {
      const [paint, css] = await Promise.all([
        paintModule(name),
        read(firstPaintStyles(name), (text) => text, ''),
      ]);
      const markup = paint ? await paint.render(answer, options) : '';
      return markup ? `<style>${styleText(css)}</style>${markup}` : '';
    },
    /** The shell for `url`, with the modules of its page and what the server knows of its first paint. */
    async html(url: string, first: Omit<ShellHints, 'modules'> = {}): Promise<string> {
      const [html, routes] = await Promise.all([read('index.html', (text) => text, ''), preloads()]);
      return withHints(html, { ...first, modules: routes[shellPath(url)] ?? [] });
    },
  };
}
