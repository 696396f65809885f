// @vitest-environment node
// The import directions of eslint.config.js, run through ESLint's Node API on in-memory files placed in the
// tree: a violation (say tickets importing the plans feature) fails `npm test`, not only `npm run lint`.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` as if it were the file `path` (relative to the root). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature, statically, as a type, re-exported or lazily', async () => {
    const from = 'src/client/features/tickets/components/new-panel.ts';
    expect(
      await boundaryErrors(
        from,
        "import { fetchPlan } from '../../plans/api.ts';\nexport const a = fetchPlan;\n",
      ),
    ).toEqual([expect.stringMatching(/Features never import each other/)]);
    expect(
      await boundaryErrors(
        from,
        "import type { ExamPlanDetail } from '../../plans/api.ts';\nexport type A = ExamPlanDetail;\n",
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors(from, "export { fetchPlan } from '../../plans/api.ts';\n")).toHaveLength(1);
    expect(
      await boundaryErrors(
        from,
        "export const load = () => import('../../scores/components/ScoringStep.tsx');\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a feature import itself, client/lib and shared, and client/app compose features', async () => {
    expect(
      await boundaryErrors(
        'src/client/features/tickets/components/new-panel.ts',
        [
          "import { fetchMyTickets } from '../api.ts';",
          "import { useT } from '../../../lib/i18n/index.ts';",
          "import { PLAN_STATES } from '../../../../shared/plans/schema.ts';",
          'export const a = [fetchMyTickets, useT, PLAN_STATES];',
        ].join('\n') + '\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/client/app/new-page.ts',
        "export const load = () => import('../features/tickets/components/TicketStep.tsx');\n",
      ),
    ).toEqual([]);
  });

  it('refuses client/lib importing a feature or the app, and a feature importing the app', async () => {
    const lib = 'src/client/lib/new-helper.ts';
    expect(await boundaryErrors(lib, "export { fetchPlan } from '../features/plans/api.ts';\n")).toHaveLength(
      1,
    );
    expect(await boundaryErrors(lib, "export { managePages } from '../app/manage-pages.ts';\n")).toHaveLength(
      1,
    );
    expect(
      await boundaryErrors(
        'src/client/features/plans/new-part.ts',
        "export { managePages } from '../../app/manage-pages.ts';\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps client and server apart, and shared free of both', async () => {
    expect(
      await boundaryErrors(
        'src/client/lib/new-helper.ts',
        "export { loadConfig } from '../../server/config.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/server/new-area.ts', "export { api } from '../client/lib/api/client.ts';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/shared/new-schema.ts',
        "export { api } from '../client/lib/api/client.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/shared/new-schema.ts', "export { loadConfig } from '../server/config.ts';\n"),
    ).toHaveLength(1);
  });

  it('lets a server area reach another area only through its service.ts, and use the shared server parts', async () => {
    const from = 'src/server/scores/new-part.ts';
    expect(await boundaryErrors(from, "export { OCCUPATION_SEEDS } from '../plans/reference.ts';\n")).toEqual(
      [expect.stringMatching(/only through that area's service\.ts/)],
    );
    expect(
      await boundaryErrors(
        'src/server/scores/service.ts',
        "export { OCCUPATION_SEEDS } from '../plans/reference.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        from,
        [
          "export { transitionPlan } from '../plans/service.ts';",
          "export { listAnswer } from '../lib/pagination.ts';",
        ].join('\n') + '\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/demo/new-data.ts',
        "export { OCCUPATION_SEEDS } from '../plans/reference.ts';\n",
      ),
    ).toEqual([]);
  });
});
