// @vitest-environment node
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import {
  BOOT_MODULES,
  lazyModulePath,
  learnerRouteModules,
  manageRouteModules,
  pageRegistries,
} from '../../../scripts/web/lazy-modules.ts';
import {
  bootPreloadsFor,
  bootStylesheetsFor,
  firstLoadChunks,
  routePreloadsFor,
  shellStylesheetsFor,
} from '../../../scripts/web/route-preloads.ts';
import { chromeLoaders } from '../../../src/client/app/chrome-loaders.ts';
import { managePages } from '../../../src/client/app/manage-pages.ts';
import { USER_CENTER_PAGES, publicPages, userCenterPages } from '../../../src/client/app/learner-pages.ts';

function chunk(fileName: string, imports: string[], facade?: string, isEntry = false, css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry,
    facadeModuleId: facade ? path.resolve(facade) : null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as OutputChunk;
}

describe('pageRegistries', () => {
  it('imports the registries and tells, for every key, the module its loader imports', async () => {
    const registries = await pageRegistries();
    expect(Object.keys(registries.chromeLoaders).sort()).toEqual(Object.keys(chromeLoaders).sort());
    expect(Object.keys(registries.managePages).sort()).toEqual(Object.keys(managePages).sort());
    expect(Object.keys(registries.publicPages).sort()).toEqual(Object.keys(publicPages).sort());
    expect(Object.keys(registries.userCenterPages).sort()).toEqual(Object.keys(userCenterPages).sort());
    expect(registries.chromeLoaders.manage).toBe('src/client/app/layouts/manage/ManageArea.tsx');
    expect(registries.publicPages['/verify/:kind/:token']).toBe(
      'src/client/features/certificates/pages/VerifyPage.tsx',
    );
    expect(lazyModulePath(registries, { registry: 'userCenterPages', key: 'myOrder' })).toBe(
      'src/client/features/payments/pages/MyOrderPage.tsx',
    );
    expect(lazyModulePath(registries, { registry: 'managePages', key: 'nothing/here' })).toBeUndefined();
    expect(lazyModulePath(registries, { registry: 'managePages', key: 'toString' })).toBeUndefined();
  });

  it('reads the registries once per build', async () => {
    expect(pageRegistries()).toBe(pageRegistries());
  });
});

describe('learnerRouteModules', () => {
  it('reads every registered user-centre page and parameterless public page from the registries', async () => {
    const routes = learnerRouteModules(await pageRegistries());
    const registered = USER_CENTER_PAGES.filter((page) => userCenterPages[page]);
    for (const page of registered) {
      expect(routes[`/userCenter/${page}`]).toEqual([
        'src/client/app/layouts/learner/UserCenterArea.tsx',
        expect.stringMatching(/^src\/client\/features\/.+Page\.tsx$/),
      ]);
    }
    expect(routes['/userCenter/achievementQuery']?.[1]).toBe(
      'src/client/features/scores/pages/AchievementQueryPage.tsx',
    );
    expect(routes['/userCenter']?.[1]).toBe('src/client/features/user-center/pages/UserCenterHomePage.tsx');
    expect(routes['/login']).toEqual(['src/client/features/auth/pages/LoginPage.tsx']);
    for (const key of Object.keys(publicPages)) expect(key in routes).toBe(!key.includes(':'));
  });
});

describe('manageRouteModules', () => {
  it('reads every back-office page from the registry, each behind the back office’s chrome', async () => {
    const routes = manageRouteModules(await pageRegistries());
    expect(Object.keys(routes).sort()).toEqual(
      Object.keys(managePages)
        .map((key) => `/manage/${key}`)
        .sort(),
    );
    expect(routes['/manage/index']).toEqual([
      'src/client/app/layouts/manage/ManageArea.tsx',
      'src/client/features/dashboard/pages/ManageHomePage.tsx',
    ]);
  });
});

/** An entry, the three start-up modules it imports (main.tsx, start.tsx), a page with a chrome. */
function sampleBundle(): OutputBundle {
  const [start, reactDom, app] = BOOT_MODULES as [string, string, string];
  return {
    'assets/index.js': chunk('assets/index.js', ['assets/runtime.js'], 'index.html', true, [
      'assets/index.css',
    ]),
    'assets/runtime.js': chunk('assets/runtime.js', []),
    'assets/start.js': chunk(
      'assets/start.js',
      ['assets/runtime.js', 'assets/react.js', 'assets/core.js'],
      start,
    ),
    'assets/core.js': chunk('assets/core.js', ['assets/react.js']),
    'assets/client.js': chunk('assets/client.js', ['assets/runtime.js', 'assets/react.js'], reactDom),
    'assets/react.js': chunk('assets/react.js', []),
    'assets/App.js': chunk('assets/App.js', ['assets/react.js', 'assets/mantine.js'], app, false, [
      'assets/App.css',
      'assets/index.css',
    ]),
    'assets/mantine.js': chunk('assets/mantine.js', [], undefined, false, ['assets/mantine.css']),
    'assets/Page.js': chunk(
      'assets/Page.js',
      ['assets/mantine.js', 'assets/Table.js'],
      'src/Page.tsx',
      false,
      ['assets/Page.css'],
    ),
    'assets/Table.js': chunk('assets/Table.js', ['assets/icons.js'], undefined, false, ['assets/Table.css']),
    'assets/icons.js': chunk('assets/icons.js', []),
    'assets/Chrome.js': chunk('assets/Chrome.js', ['assets/icons.js'], 'src/Chrome.tsx'),
  } as unknown as OutputBundle;
}

describe('route preloads', () => {
  it('names the start-up chunks index.html does not name yet', () => {
    expect(bootPreloadsFor(sampleBundle()).sort()).toEqual(
      [
        '/assets/start.js',
        '/assets/core.js',
        '/assets/App.js',
        '/assets/client.js',
        '/assets/mantine.js',
        '/assets/react.js',
      ].sort(),
    );
  });

  it('names the start-up chunks’ stylesheets that index.html does not name yet, and no page’s', () => {
    // Those of the chunks a chunk imports come first: a component's rules follow those it builds on.
    expect(bootStylesheetsFor(sampleBundle())).toEqual(['/assets/mantine.css', '/assets/App.css']);
  });

  it('names every stylesheet index.html links, in its order: the entry’s, then the start-up chunks’', () => {
    expect(shellStylesheetsFor(sampleBundle())).toEqual([
      'assets/index.css',
      'assets/mantine.css',
      'assets/App.css',
    ]);
  });

  it('lists a route’s chunks with their static imports, then their stylesheets, less the start-up ones', () => {
    expect(routePreloadsFor(sampleBundle(), { '/page': ['src/Chrome.tsx', 'src/Page.tsx'] })).toEqual({
      '/page': [
        '/assets/Chrome.js',
        '/assets/icons.js',
        '/assets/Page.js',
        '/assets/Table.js',
        '/assets/Table.css',
        '/assets/Page.css',
      ],
    });
  });

  it('fails the build when a registered page is not a chunk', () => {
    expect(() => routePreloadsFor(sampleBundle(), { '/gone': ['src/Gone.tsx'] })).toThrow(/src\/Gone\.tsx/);
  });

  it('finds the chunks a first load runs nearly all of: the start-up ones and each route’s own', () => {
    const bundle = sampleBundle();
    bundle['assets/Chart.js'] = chunk('assets/Chart.js', ['assets/react.js'], 'src/Chart.tsx');
    // Not the page's shared imports (Table, icons), nor a chunk loaded later (Chart).
    expect([...firstLoadChunks(bundle, { '/page': ['src/Chrome.tsx', 'src/Page.tsx'] })].sort()).toEqual(
      [
        'assets/index.js',
        'assets/runtime.js',
        'assets/start.js',
        'assets/core.js',
        'assets/client.js',
        'assets/react.js',
        'assets/App.js',
        'assets/mantine.js',
        'assets/Chrome.js',
        'assets/Page.js',
      ].sort(),
    );
  });
});
