// Which icons share a chunk (vite.config.ts). The icons the learner side's first pages draw (its shell, the
// portal, sign-in and sign-up, the user centre's summary, and the shared components) go in one chunk, those
// of the back office's shell and home in a second, and all the others in a third that only later pages
// load: one request each instead of one per icon, and a new page's icons do not make every first page
// heavier. The first two sets are read from the sources' imports, so they follow the code.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT = path.join(ROOT, 'src/client');
const ICON_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@tabler\/icons-react'/g;

/** Folders of the learner side's first pages (`skip`: subfolders that belong to the back office). */
const LEARNER_FIRST = ['app', 'lib', 'features/portal', 'features/auth', 'features/user-center'];
const LEARNER_SKIP = ['app/layouts/manage', 'lib/kit'];
/** Folders of the back office's shell and home page. */
const MANAGE_FIRST = ['app/layouts/manage', 'lib/kit', 'features/dashboard'];

function sourceFiles(dir: string, skip: readonly string[]): string[] {
  if (skip.some((s) => path.join(CLIENT, s) === dir) || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, skip);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The icon names the folders' sources import from @tabler/icons-react. */
export function iconsUsedIn(folders: readonly string[], skip: readonly string[] = []): Set<string> {
  const names = new Set<string>();
  for (const file of folders.flatMap((folder) => sourceFiles(path.join(CLIENT, folder), skip))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(ICON_IMPORT))
      for (const name of match[1]!.split(',')) {
        const icon = name.trim().split(/\s+as\s+/)[0]!;
        if (/^Icon\w+$/.test(icon)) names.add(icon);
      }
  }
  return names;
}

/** A chunk group test matching the icons' modules (never matches when the set is empty). */
function iconModules(names: Iterable<string>): RegExp {
  const list = [...names].sort().join('|') || '(?!)';
  return new RegExp(
    String.raw`node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](${list})\.mjs`,
  );
}

export function iconGroups(): { name: string; test: RegExp }[] {
  const learner = iconsUsedIn(LEARNER_FIRST, LEARNER_SKIP);
  const manage = [...iconsUsedIn(MANAGE_FIRST)].filter((name) => !learner.has(name));
  return [
    { name: 'icons', test: iconModules(learner) },
    { name: 'icons-manage', test: iconModules(manage) },
    { name: 'icons-pages', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
  ];
}
