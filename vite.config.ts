import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { i18nTables } from './scripts/i18n/vite-plugin.ts';
import { buildInfo, buildInfoDefines, pwaPlugins } from './scripts/pwa/vite-plugins.ts';
import { answerSchemas } from './scripts/web/answer-schemas.ts';
import { compileHints } from './scripts/web/compile-hints.ts';
import { deferEntryStylesheet } from './scripts/web/defer-stylesheet.ts';
import { firstPaint } from './scripts/web/first-paint.ts';
import { iconGroups } from './scripts/web/icon-groups.ts';
import { mantineStyles } from './scripts/web/mantine-styles.ts';
import { precompress } from './scripts/web/precompress.ts';
import { routePreloads } from './scripts/web/route-preloads.ts';

// The layout and text components every first page renders: the mantine-basics chunk below.
const MANTINE_BASICS =
  'Accordion|ActionIcon|Alert|Anchor|AspectRatio|Avatar|Badge|Box|Button|Card|Center|CloseButton|Collapse|Container|Divider|Flex|Grid|Group|Image|Input|InputBase|List|Loader|Paper|Progress|SimpleGrid|Skeleton|Stack|Text|TextInput|Title|Transition|UnstyledButton|VisuallyHidden';

// PWA (issue 4): service worker, web app manifest, version.json; one version string per build.
const build = buildInfo();

export default defineConfig({
  plugins: [
    react(),
    i18nTables(),
    // Production only: API calls lose their answer schema argument (checked in development and tests only),
    // and schema builders are marked pure, so unused schemas (and zod, where no form needs it) drop out.
    answerSchemas(),
    mantineStyles(),
    deferEntryStylesheet(),
    routePreloads(),
    // After the route preloads: the scores page's first paint for the server, with the CSS its markup uses.
    firstPaint(),
    compileHints(),
    ...pwaPlugins(build),
    // Last: the compressed copies of every file the build (and the service worker's build) wrote.
    precompress(),
  ],
  define: buildInfoDefines(build),
  build: {
    // CLIENT_OUT_DIR: a private build for benchmarks, so the shared dist/client stays untouched.
    outDir: process.env.CLIENT_OUT_DIR ?? 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // SOURCEMAP=1: maps for profiling a build (with CLIENT_OUT_DIR); never shipped.
    sourcemap: process.env.SOURCEMAP === '1',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper, which every chunk with a dynamic import uses: its own small chunk, so the
            // entry imports neither React nor the app's boot modules statically (main.tsx evaluates them in
            // tasks of their own).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            // Mantine's core (provider, Box, styles API, direction...) is needed by the first render of
            // every page: one chunk. Left to the default, tiny parts of it (DirectionProvider) share a
            // chunk with floating-ui, which first-paint pages without popovers then download too.
            { name: 'mantine-core', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/ },
            // The app's own boot modules (API client, errors, i18n, signals, router), which the entry and
            // nearly every page import: one chunk instead of eight tiny ones the entry waits for.
            {
              name: 'app-core',
              test: /(src[\\/]shared[\\/]api[\\/]constants\.ts|src[\\/]client[\\/]lib[\\/](api[\\/](client|errors)|state[\\/]error-log|offline[\\/]network|i18n[\\/]index)\.ts|node_modules[\\/](regexparam|wouter|rosetta|@preact[\\/]signals|@preact[\\/]signals-core|@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store))/,
            },
            // Small helpers and hooks most first pages share (formatting, lists, cached queries, logo).
            {
              name: 'app-lib',
              test: /src[\\/]client[\\/]lib[\\/](components[\\/](Logo\.tsx|LazyPager\.tsx|use-paged-list\.ts)|dom[\\/](web-layout|after-load)\.ts|uploads[\\/]use-private-file\.ts|data[\\/](use-read|invalidate)\.ts|utils[\\/])|node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-(disclosure|uncontrolled|merged-ref|force-update)[\\/]/,
            },
            // The password, ID number and phone rules the sign-up page checks as they are typed: a chunk of their
            // own, so that page's first load does not take zod along (the sign-in schemas below import them).
            { name: 'auth-rules', test: /src[\\/]shared[\\/]auth[\\/](id-card|password|phone)\.ts/ },
            // The sign-in schemas, which the login and sign-up pages load after their first paint (their forms check
            // with them): a chunk of their own, not merged into the sign-in API calls those pages load first.
            { name: 'auth-schema', test: /src[\\/]shared[\\/]auth[\\/]schema\.ts/ },
            // The icon factory and the language picker's icon, which every first page draws: a chunk of their own,
            // so the login page does not download all the app's icons (~7 KB gzip) for this one.
            {
              name: 'icon-base',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](defaultAttributes|createReactComponent|icons[\\/]IconLanguage)\.mjs/,
            },
            // The icons of the learner side's first pages, and of the back office's shell and home: two chunks;
            // every other icon goes with its pages (scripts/web/icon-groups.ts).
            ...iconGroups(),
            // The layout and text components every first page renders: one request instead of twenty
            // (on HTTP/1.1 a phone fetches six files at a time, so many tiny chunks cost round trips).
            // Their stylesheets (scripts/web/mantine-styles.ts) come with them.
            {
              name: 'mantine-basics',
              test: new RegExp(
                String.raw`node_modules[\\/]@mantine[\\/]core[\\/](esm[\\/]components[\\/](${MANTINE_BASICS})[\\/]|styles[\\/](${MANTINE_BASICS})\.css)`,
              ),
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // Mantine ships "use client" directives that bundlers report by the hundred (STACK.md trap 4).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
