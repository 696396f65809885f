// Evaluated only inside Vite's module runner by lazy-modules.ts, where every page a registry imports
// is answered with that page's repo path (`export default 'src/...Page.tsx'`) instead of its code: calling
// each loader of the client's route registries then tells which module it renders, with no second list
// and no reading of the registries' source text.
import { chromeLoaders } from '../../src/client/app/chrome-loaders.ts';
import { publicPages, userCenterPages } from '../../src/client/app/learner-pages.ts';
import { managePages } from '../../src/client/app/manage-pages.ts';

type Loader = () => Promise<unknown>;
/** A registry's loaders; one that loads more than its page (learner-pages.ts withStudyTexts) names it as `page`. */
type Loaders = Readonly<Record<string, (Loader & { page?: Loader }) | undefined>>;

/** Registry key -> the repo path its loader imports. */
export type ModulesByKey = Record<string, string>;

async function modulesOf(loaders: Loaders): Promise<ModulesByKey> {
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([key, load]) => {
      const module = (await (load?.page ?? load)?.()) as { default?: unknown } | undefined;
      if (typeof module?.default !== 'string')
        throw new Error(`route registry: '${key}' was not answered with its module path`);
      return [key, module.default] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export const pageRegistries = {
  chromeLoaders: await modulesOf(chromeLoaders),
  userCenterPages: await modulesOf(userCenterPages),
  publicPages: await modulesOf(publicPages),
  managePages: await modulesOf(managePages),
};

export type PageRegistries = typeof pageRegistries;
export type RegistryName = keyof PageRegistries;
