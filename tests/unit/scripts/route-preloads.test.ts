// @vitest-environment node
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { learnerRouteModules } from '../../../scripts/web/lazy-modules.ts';
import { routePreloadsFor } from '../../../scripts/web/route-preloads.ts';
import { USER_CENTER_PAGES, publicPages, userCenterPages } from '../../../src/client/app/learner-pages.ts';

function chunk(fileName: string, imports: string[], facade?: string, isEntry = false): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry,
    facadeModuleId: facade ? path.resolve(facade) : null,
  } as unknown as OutputChunk;
}

describe('learnerRouteModules', () => {
  it('reads every registered user-centre page and parameterless public page from the registries', () => {
    const routes = learnerRouteModules();
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

describe('routePreloadsFor', () => {
  it('lists a route’s chunks with their static imports, less the entry’s', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], 'index.html', true),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/Page.js': chunk('assets/Page.js', ['assets/react.js', 'assets/Table.js'], 'src/Page.tsx'),
      'assets/Table.js': chunk('assets/Table.js', ['assets/icons.js']),
      'assets/icons.js': chunk('assets/icons.js', []),
      'assets/Chrome.js': chunk('assets/Chrome.js', ['assets/icons.js'], 'src/Chrome.tsx'),
    } as unknown as OutputBundle;
    expect(routePreloadsFor(bundle, { '/page': ['src/Chrome.tsx', 'src/Page.tsx'] })).toEqual({
      '/page': ['/assets/Chrome.js', '/assets/icons.js', '/assets/Page.js', '/assets/Table.js'],
    });
  });

  it('fails the build when a registered page is not a chunk', () => {
    expect(() => routePreloadsFor({} as OutputBundle, { '/gone': ['src/Gone.tsx'] })).toThrow(
      /src\/Gone\.tsx/,
    );
  });
});
