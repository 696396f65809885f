// The PWA part of the build (issue 4), kept out of vite.config.ts so the config stays one line for it:
// - vite-plugin-pwa with strategies `injectManifest` (worker source in sw/sw.ts), the web app manifest,
//   and no injected registration (src/client/lib/pwa/register.ts registers with workbox-window);
// - a plugin writing dist/client/version.json `{ version, build_time }` for the spec §4 version check;
// - the same version string as import.meta.env.VITE_APP_VERSION in the page and the worker.
//
// The version is `V<package.json version>+<UTC build stamp>` so every build is a new version, or the
// BUILD_VERSION environment variable when set (deployments pinning a release name; tests making a
// "second build").
import fs from 'node:fs';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PLATFORM_TITLE, THEME_COLOR } from '../../src/shared/api/constants.ts';

export interface BuildInfo {
  version: string;
  build_time: string;
}

export function buildInfo(env: NodeJS.ProcessEnv = process.env): BuildInfo {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
  const buildTime = new Date();
  const stamp = buildTime.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return {
    version: env.BUILD_VERSION?.trim() || `V${pkg.version}+${stamp}`,
    build_time: buildTime.toISOString(),
  };
}

/** Values for vite's `define`: the version constants seen by the page and the worker. */
export function buildInfoDefines(info: BuildInfo): Record<string, string> {
  return {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(info.version),
    'import.meta.env.VITE_BUILD_TIME': JSON.stringify(info.build_time),
  };
}

/** Emits version.json beside index.html (served no-cache; never precached). */
export function versionFile(info: BuildInfo): Plugin {
  return {
    name: 'skills-platform:version-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify(info)}\n` });
    },
  };
}

export function pwaPlugins(info: BuildInfo = buildInfo()): PluginOption[] {
  return [
    versionFile(info),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: PLATFORM_TITLE,
        short_name: '技能评价',
        description: '职业技能等级认定：考试报名、缴费、准考证、成绩与证书查询，课程学习与消息通知',
        lang: 'zh-CN',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: THEME_COLOR,
        categories: ['education', 'productivity'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: '成绩查询', url: '/userCenter/achievementQuery' },
          { name: '准考证下载', url: '/userCenter/admissionDown' },
          { name: '消息通知', url: '/userCenter/myNotify' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        // Icons, favicon and the manifest are added by the plugin (includeAssets, manifest icons).
        globPatterns: ['**/*.{js,css,html,woff2}'],
        // version.json must always come from the network; the vite manifest is build metadata.
        globIgnores: ['version.json', '.vite/**', 'sw.js'],
        // The build fails rather than silently leaving a big chunk out of the precache (#717).
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
    }),
  ];
}
