// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MANTINE_STYLES_ID,
  componentStylesheet,
  mantineClassMapComponent,
  mantineStyles,
} from '../../../scripts/web/mantine-styles.ts';

const CORE = 'node_modules/@mantine/core';

type Hook = (...args: unknown[]) => unknown;

/** The plugin's hooks as the build (or the dev server) calls them. */
function pluginFor(command: 'build' | 'serve') {
  const hooks = mantineStyles() as unknown as Record<
    'configResolved' | 'resolveId' | 'load' | 'transform',
    Hook
  >;
  hooks.configResolved({ command });
  const resolved = hooks.resolveId(MANTINE_STYLES_ID) as string;
  return {
    resolved,
    load: (id: string) => hooks.load(id) as string | null,
    transform: (code: string, id: string) => hooks.transform(code, id) as { code: string } | null,
  };
}

function classMaps(dir = path.join(CORE, 'esm')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return classMaps(full);
    return entry.name.endsWith('.module.mjs') ? [full] : [];
  });
}

describe('mantineClassMapComponent', () => {
  it('names the component of a class map, nested or not, with either path separator', () => {
    expect(
      mantineClassMapComponent('/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs'),
    ).toBe('Button');
    expect(
      mantineClassMapComponent(
        '/app/node_modules/@mantine/core/esm/components/Radio/RadioCard/RadioCard.module.mjs',
      ),
    ).toBe('RadioCard');
    expect(
      mantineClassMapComponent(
        'C:\\app\\node_modules\\@mantine\\core\\esm\\utils\\InlineInput\\InlineInput.module.mjs',
      ),
    ).toBe('InlineInput');
    expect(
      mantineClassMapComponent('/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs?v=1'),
    ).toBe('Button');
  });

  it('ignores everything else', () => {
    expect(
      mantineClassMapComponent('/app/node_modules/@mantine/core/esm/components/Button/Button.mjs'),
    ).toBeNull();
    expect(
      mantineClassMapComponent('/app/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs'),
    ).toBeNull();
    expect(mantineClassMapComponent('/app/src/client/app/layouts/manage/ManageLayout.module.css')).toBeNull();
  });

  it('finds a stylesheet for every class map Mantine ships', () => {
    const maps = classMaps();
    expect(maps.length).toBeGreaterThan(90);
    for (const map of maps) {
      const component = mantineClassMapComponent(path.resolve(map))!;
      expect(fs.existsSync(path.join('node_modules', componentStylesheet(component))), map).toBe(true);
    }
  });
});

describe('mantineStyles plugin', () => {
  it('builds: the first stylesheet is Mantine’s global part, and each class map brings its own', () => {
    const { resolved, load, transform } = pluginFor('build');
    expect(load(resolved)!.split('\n')).toEqual([
      "import '@mantine/core/styles/baseline.css';",
      "import '@mantine/core/styles/default-css-variables.css';",
      "import '@mantine/core/styles/global.css';",
    ]);
    const map = path.resolve(CORE, 'esm/components/Button/Button.module.mjs');
    expect(transform('"use client";\nvar a = {};', map)!.code).toBe(
      'import \'@mantine/core/styles/Button.css\';\n"use client";\nvar a = {};',
    );
    expect(transform('export {}', path.resolve(CORE, 'esm/components/Button/Button.mjs'))).toBeNull();
    expect(load('/app/src/other.ts')).toBeNull();
  });

  it('serves the whole stylesheet to the dev server, which pre-bundles Mantine', () => {
    const { resolved, load, transform } = pluginFor('serve');
    expect(load(resolved)).toBe("import '@mantine/core/styles.css';");
    expect(
      transform('var a = {};', path.resolve(CORE, 'esm/components/Button/Button.module.mjs')),
    ).toBeNull();
  });
});
