// The first paints for the server (src/shared/pwa/first-paint.ts: the scores page, the portal's home page),
// made from the pages' own components after the client build has written its files:
// - src/client/app/first-paint/<name>.tsx are built for the server (vite's SSR build, everything bundled in)
//   into the client build's metadata directory, one module per page;
// - each module renders sample answers (every state the page's first screen can be in, in every language and
//   size), and the rules of the page's built stylesheets (the entry's, then the page's own, in the order the
//   page applies them) that its markup can use are kept: the critical CSS the server sends with the markup,
//   so the paint looks as the page before the deferred stylesheets arrive.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import postcss, { type Rule } from 'postcss';
import { build, type Plugin } from 'vite';
import { LANGUAGES, UI_SIZES } from '../../src/shared/api/constants.ts';
import type { Banner } from '../../src/shared/portal/schema.ts';
import {
  FIRST_PAINT_DIR,
  FIRST_PAINT_NAMES,
  FIRST_PAINT_PAGES,
  firstPaintModule,
  firstPaintStyles,
  type FirstPaintModule,
  type FirstPaintName,
} from '../../src/shared/pwa/first-paint.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../src/shared/pwa/route-preloads.ts';
import type { LearnerScore } from '../../src/shared/scores/schema.ts';
import { i18nTables } from '../i18n/vite-plugin.ts';
import { shellStylesheetsFor } from './route-preloads.ts';

/** The client module of each page's first paint. */
const entry = (name: FirstPaintName) => `src/client/app/first-paint/${name}.tsx`;

const sample = (id: number, overrides: Partial<LearnerScore>): LearnerScore => ({
  enrollment_id: id,
  plan_id: id,
  plan_code: `P${id}`,
  plan_title: '2026 年电工职业技能等级认定',
  occupation: '电工',
  level: 4,
  level_label: '四级',
  exam_date: '2026-11-10T16:30:00.000Z',
  pass_theory: 60,
  pass_practical: 60,
  theory: 82,
  practical: 75,
  total: 78,
  absent: false,
  cheating: false,
  passed: true,
  result: '合格',
  entered_at: '2026-11-12T02:00:00.000Z',
  published_at: '2026-11-13T02:00:00.000Z',
  certificate: null,
  ...overrides,
});

const certificate = (revoked: boolean): LearnerScore['certificate'] => ({
  id: 1,
  number: 'ZS-2026-000001',
  issued_at: '2026-11-20T02:00:00.000Z',
  revoked,
  pdf_url: '/api/v1/uploads/sample.pdf',
  verify_path: '/verify/certificate/sample',
});

/** Scores: every state of a card (each result, with and without a certificate, revoked), more than one page, none. */
const SCORES_SAMPLES: unknown[] = [
  {
    data: [
      sample(1, { certificate: certificate(false) }),
      sample(2, { certificate: certificate(true) }),
      sample(3, {}),
      sample(4, { passed: false, theory: 40, exam_date: null }),
      sample(5, { passed: false, absent: true, theory: null, practical: null, total: null }),
      sample(6, { passed: false, cheating: true }),
    ],
    meta: { total: 100, page: 1, limit: 20 },
  },
  { data: [], meta: { total: 0, page: 1, limit: 20 } },
];

const banner = (id: number): Banner => ({
  id,
  title: '2026 年职业技能等级认定报名开始',
  image_url: `/api/v1/uploads/banner-${id}.png`,
  link: id === 1 ? '/enroll' : '',
  sort: id,
});

/** The portal's banners: one, and several (the carousel's dots). */
const PORTAL_SAMPLES: unknown[] = [{ data: [banner(1)] }, { data: [banner(1), banner(2), banner(3)] }];

/** The sample answers each page's paint is rendered from when its critical CSS is chosen. */
export const SAMPLE_ANSWERS: Record<FirstPaintName, unknown[]> = {
  scores: SCORES_SAMPLES,
  portal: PORTAL_SAMPLES,
};

/** Every class name in `html`'s class attributes. */
export function classNames(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\bclass="([^"]*)"/g))
    for (const name of value!.split(/\s+/)) if (name) names.add(name);
  return names;
}

const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;
const VARIABLE = /var\((--[\w-]+)/g;
/** The app has one colour scheme (index.html names it), so the other's rules never apply. */
const DARK = /data-mantine-color-scheme=["']?dark/;

const variablesIn = (text: string) => [...text.matchAll(VARIABLE)].map(([, name]) => name!);

/**
 * The rules of `css` that `markup` can use: a selector stays when every class it names is in the markup's
 * class attributes (one without classes, the baseline's, stays), except the dark scheme's; of the custom
 * properties, those the markup and the kept rules use, and those these use in turn. Keyframes and
 * emptied blocks go.
 */
export function criticalCss(css: string, markup: string): string {
  const classes = classNames(markup);
  const root = postcss.parse(css);
  root.walkAtRules(/keyframes$/i, (atRule) => void atRule.remove());
  root.walkRules((rule: Rule) => {
    const kept = rule.selectors.filter(
      (selector) =>
        !DARK.test(selector) && [...selector.matchAll(CLASS)].every(([, name]) => classes.has(name!)),
    );
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  const used = new Set(variablesIn(markup));
  const definitions = new Map<string, string[]>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--'))
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
    else variablesIn(decl.value).forEach((name) => used.add(name));
  });
  for (const name of used)
    for (const value of definitions.get(name) ?? []) variablesIn(value).forEach((v) => used.add(v));
  root.walkDecls(/^--/, (decl) => void (used.has(decl.prop) || decl.remove()));
  root.walkRules((rule) => void (rule.nodes.length === 0 && rule.remove()));
  // Innermost first, so an at-rule holding only emptied at-rules goes too.
  const atRules: postcss.AtRule[] = [];
  root.walkAtRules((atRule) => void atRules.unshift(atRule));
  for (const atRule of atRules) if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  return root.toString();
}

export function firstPaint(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  return {
    name: 'skills-platform:first-paint',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const paintDir = path.join(outDir, FIRST_PAINT_DIR);
      await build({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react(), i18nTables()],
        // Everything bundled in: the modules are loaded from wherever the build was written (a build outside
        // the repository, as the PWA browser test makes, has no node_modules beside it).
        ssr: { noExternal: true },
        build: {
          ssr: true,
          outDir: paintDir,
          emptyOutDir: true,
          rollupOptions: {
            input: Object.fromEntries(FIRST_PAINT_NAMES.map((name) => [name, entry(name)])),
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
      });

      // Each page's stylesheets in the order it applies them: the entry's, then the page's own.
      const shellCss = shellStylesheetsFor(bundle);
      const preloads = bundle[ROUTE_PRELOADS_FILE];
      const routes = (preloads?.type === 'asset' ? JSON.parse(String(preloads.source)) : {}) as RoutePreloads;
      for (const name of FIRST_PAINT_NAMES) {
        const page = FIRST_PAINT_PAGES[name];
        const pageCss = (routes[page] ?? [])
          .filter((url) => url.endsWith('.css'))
          .map((url) => url.replace(/^\//, ''));
        if (pageCss.length === 0) this.warn(`no stylesheets listed for ${page}`);
        const files = [...new Set([...shellCss, ...pageCss])];
        const css = (
          await Promise.all(files.map((file) => fs.readFile(path.join(outDir, file), 'utf8')))
        ).join('\n');
        const moduleFile = path.join(outDir, firstPaintModule(name));
        const paint = (await import(pathToFileURL(moduleFile).href)) as FirstPaintModule;
        const markup = await Promise.all(
          SAMPLE_ANSWERS[name].flatMap((answer) =>
            LANGUAGES.flatMap((lang) => UI_SIZES.map((size) => paint.render(answer, { lang, size }))),
          ),
        );
        if (markup.some((html) => !html)) this.warn(`a sample answer of ${name} painted nothing`);
        await fs.writeFile(path.join(outDir, firstPaintStyles(name)), criticalCss(css, markup.join('')));
      }
    },
  };
}
