import { describe, expect, it } from 'vitest';
import { iconGroups, iconsUsedIn } from '../../../scripts/web/icon-groups.ts';

const moduleOf = (icon: string) => `/x/node_modules/@tabler/icons-react/dist/esm/icons/${icon}.mjs`;
/** The group an icon's module lands in: the first whose test matches, as the bundler takes them. */
const groupOf = (icon: string) => iconGroups().find((group) => group.test.test(moduleOf(icon)))?.name;

describe('icon chunks', () => {
  it("puts the learner side's first-page icons in one chunk, the back office shell's in another", () => {
    const learner = iconsUsedIn(['app/layouts/learner']);
    expect(learner.size).toBeGreaterThan(3);
    for (const icon of learner) expect(groupOf(icon), icon).toBe('icons');
    const manageOnly = [...iconsUsedIn(['app/layouts/manage'])].filter(
      (icon) =>
        !iconsUsedIn(
          ['app', 'lib', 'features/portal', 'features/auth', 'features/user-center'],
          ['app/layouts/manage', 'lib/kit'],
        ).has(icon),
    );
    expect(manageOnly.length).toBeGreaterThan(3);
    for (const icon of manageOnly) expect(groupOf(icon), icon).toBe('icons-manage');
  });

  it('leaves the icons only later pages draw to a chunk of their own', () => {
    // The batch-create button of the class list and the password reset of the account pages.
    expect(groupOf('IconStack2')).toBe('icons-pages');
    expect(groupOf('IconKey')).toBe('icons-pages');
    // Not a module of an icon (the factory) is no icon group's.
    expect(
      iconGroups().some((g) =>
        g.test.test('/x/node_modules/@tabler/icons-react/dist/esm/createReactComponent.mjs'),
      ),
    ).toBe(false);
  });
});
