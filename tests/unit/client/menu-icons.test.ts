import { describe, expect, it } from 'vitest';
import { IconPoint } from '@tabler/icons-react';
import { knownMenuIcons, menuIcon } from '../../../src/client/app/layouts/manage/menu-icons.ts';
import { MENU_SEEDS, type MenuSeed } from '../../../src/server/menus/reference.ts';

describe('menu icons', () => {
  it('has a component for every icon the server seeds into the menu tree', () => {
    const seeded = new Set<string>();
    const walk = (seeds: MenuSeed[]) =>
      seeds.forEach((seed) => {
        if (seed.icon) seeded.add(seed.icon);
        walk(seed.children ?? []);
      });
    Object.values(MENU_SEEDS).forEach(walk);
    expect([...seeded].filter((name) => !knownMenuIcons.includes(name))).toEqual([]);
  });

  it('falls back to a dot for an unknown or missing icon', () => {
    expect(menuIcon('IconDoesNotExist')).toBe(IconPoint);
    expect(menuIcon('')).toBe(IconPoint);
    expect(menuIcon('IconHome')).not.toBe(IconPoint);
  });
});
