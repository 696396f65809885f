// Message keys are plain strings ('area.section.key'), kept in data (labelKey: '…') and built in template
// literals (`enrollments.state.${s}`) as well as passed to t(), so neither the compiler nor t() notices a key
// that points at no message: the page just shows the key. This test reads every string literal in the
// client that starts with a registered area and checks the Chinese table (the one every build ships) has it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manageAreas, messageAreas, studyAreas } from '../../../../../src/client/app/messages.ts';
import type { MessageTable } from '../../../../../src/client/lib/i18n/types.ts';

/** Every key of a table: leaves (messages) and sections (sub-tables), as dotted paths. */
function paths(table: MessageTable, prefix: string, leaves: Set<string>, sections: Set<string>) {
  for (const [key, value] of Object.entries(table)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string') leaves.add(path);
    else {
      sections.add(path);
      paths(value, path, leaves, sections);
    }
  }
}

/** A literal naming a message ('area.key…'); a trailing dot or a `${` after it makes it a prefix. */
interface KeyUse {
  text: string;
  /** The literal is only the start of a key: `area.section.${…}` or 'area.section.' + … */
  prefix: boolean;
  line: number;
}

const QUOTED = /(['"])([A-Za-z]\w*(?:\.\w+)+\.?)\1/g;
// A template literal's text up to its first `${` (or its end when it has none).
const TEMPLATE = /`([A-Za-z]\w*(?:\.\w+)*\.?)(\$\{|`)/g;

function keyUses(source: string, areas: ReadonlySet<string>): KeyUse[] {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const uses: KeyUse[] = [];
  const add = (text: string, prefix: boolean, index: number) => {
    const area = text.split('.', 1)[0]!;
    if (areas.has(area)) uses.push({ text: text.replace(/\.$/, ''), prefix, line: lineOf(index) });
  };
  for (const m of source.matchAll(QUOTED)) add(m[2]!, m[2]!.endsWith('.'), m.index);
  for (const m of source.matchAll(TEMPLATE)) {
    const text = m[1]!;
    const dynamic = m[2] === '${';
    // `area.${x}`: only the area is static, nothing to check beyond it being registered.
    if (dynamic && !text.includes('.', text.indexOf('.') + 1) && text.endsWith('.')) continue;
    if (dynamic && !text.endsWith('.')) continue; // `area.sec${x}`: a key built mid-word, not a section path
    add(text, dynamic || text.endsWith('.'), m.index);
  }
  return uses;
}

/** Uses that name no message (a key) or no section (a prefix) of the table. */
function unknownKeys(
  uses: readonly KeyUse[],
  leaves: ReadonlySet<string>,
  sections: ReadonlySet<string>,
): KeyUse[] {
  return uses.filter((use) => (use.prefix ? !sections.has(use.text) : !leaves.has(use.text)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const areas = new Set(Object.keys(messageAreas));
const leaves = new Set<string>();
const sections = new Set<string>();
for (const [area, messages] of Object.entries(messageAreas)) paths(messages.zh, area, leaves, sections);

describe('message keys written in the client', () => {
  it('name a message, or a section for a key built from a prefix', () => {
    const root = join(process.cwd(), 'src/client');
    const missing: string[] = [];
    let checked = 0;
    for (const file of sourceFiles(root)) {
      const uses = keyUses(readFileSync(file, 'utf8'), areas);
      checked += uses.length;
      for (const use of unknownKeys(uses, leaves, sections))
        missing.push(`${relative(process.cwd(), file)}:${use.line} ${use.text}${use.prefix ? '.…' : ''}`);
    }
    expect(missing).toEqual([]);
    // The scan must see the keys at all: hundreds of them are written in the client.
    expect(checked).toBeGreaterThan(500);
  });
});

describe('the key scan', () => {
  const known = new Set(['common', 'shop']);
  const shopLeaves = new Set(['shop.title', 'shop.state.paid']);
  const shopSections = new Set(['shop.state']);
  const check = (source: string) => unknownKeys(keyUses(source, known), shopLeaves, shopSections);

  it('finds keys in quotes, in data and in template literals, and ignores other areas and strings', () => {
    const source = [
      "t('shop.title');",
      'const labelKey = "shop.state.paid";',
      't(`shop.state.${state}`);',
      "import x from './shop.ts';",
      "const file = 'report.xlsx';",
      "const other = 'elsewhere.title';",
    ].join('\n');
    expect(keyUses(source, known).map((use) => [use.text, use.prefix, use.line])).toEqual([
      ['shop.title', false, 1],
      ['shop.state.paid', false, 2],
      ['shop.state', true, 3],
    ]);
    expect(check(source)).toEqual([]);
  });

  it('reports a key with no message and a template prefix with no section', () => {
    expect(check("t('shop.titel')").map((use) => use.text)).toEqual(['shop.titel']);
    expect(check('t(`shop.states.${s}`)').map((use) => use.text)).toEqual(['shop.states']);
    expect(check("t('shop.stat.' + s)").map((use) => use.text)).toEqual(['shop.stat']);
    // A section named as if it were a message shows the key, not a text.
    expect(check("t('shop.state')").map((use) => use.text)).toEqual(['shop.state']);
  });
});

// The manage group (app/messages.ts) is loaded only when the back office is entered, and the study group with
// the learner pages wrapped in withStudyTexts(…) (learner-pages.ts): a page showing a key of a group that
// is not loaded would show the key. Walks the client's relative imports from the entry, without entering the
// back office's lazy roots (the pages of manage-pages.ts and the back-office chrome) or the study pages; then
// walks from the study pages, where study keys are allowed.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.[^'"]+)\1/g;
const importsOf = (file: string, source: string) =>
  [...source.matchAll(IMPORT)].map((m) => ({
    target: resolve(dirname(file), m[2]!),
    lazy: m[0].includes('('),
  }));
const STUDY_PAGE = /withStudyTexts\(\s*\(\)\s*=>\s*import\(\s*(['"])(\.[^'"]+)\1/g;

describe('the learner side', () => {
  const client = join(process.cwd(), 'src/client');
  const managePages = join(client, 'app/manage-pages.ts');
  const learnerPages = join(client, 'app/learner-pages.ts');
  // The back office's chunk (chrome-loaders.ts `manage`), its page registry (preload-route.ts loads it
  // lazily) and the pages in it.
  const backOffice = new Set([
    join(client, 'app/layouts/manage/ManageArea.tsx'),
    managePages,
    ...importsOf(managePages, readFileSync(managePages, 'utf8')).map((use) => use.target),
  ]);
  const studyPages = new Set(
    [...readFileSync(learnerPages, 'utf8').matchAll(STUDY_PAGE)].map((m) =>
      resolve(dirname(learnerPages), m[2]!),
    ),
  );
  const manage = new Set(Object.keys(manageAreas));
  const study = new Set(Object.keys(studyAreas));

  /** The files reached from `roots` (not entering lazy imports of `stop`) that use a key of `areas`. */
  function walk(roots: readonly string[], stop: ReadonlySet<string>, areas: ReadonlySet<string>) {
    const seen = new Set<string>();
    const stack = [...roots];
    const offending: string[] = [];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file) || !file.startsWith(client) || !existsSync(file)) continue;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const use of keyUses(source, areas))
        offending.push(`${relative(process.cwd(), file)}:${use.line} ${use.text}`);
      for (const { target, lazy } of importsOf(file, source))
        if (!(lazy && stop.has(target))) stack.push(target);
    }
    return { seen, offending };
  }

  it('reaches no file that uses a key of a manage-group or study-group area', () => {
    const { seen, offending } = walk(
      [join(client, 'main.tsx')],
      new Set([...backOffice, ...studyPages]),
      new Set([...manage, ...study]),
    );
    expect(offending).toEqual([]);
    // The walk must reach the learner pages (learner-pages.ts's lazy imports) and not the back office.
    expect(seen).toContain(join(client, 'features/profile/pages/ProfilePage.tsx'));
    expect(seen).not.toContain(join(client, 'app/layouts/manage/ManageLayout.tsx'));
    expect(seen).not.toContain(join(client, 'features/exam-runner/pages/MyExamInfoPage.tsx'));
  });

  it('reaches no manage key from the study pages, which load the study group with them', () => {
    expect(studyPages).toContain(join(client, 'features/exam-runner/pages/MyExamInfoPage.tsx'));
    const { offending } = walk([...studyPages], backOffice, manage);
    expect(offending).toEqual([]);
  });
});
