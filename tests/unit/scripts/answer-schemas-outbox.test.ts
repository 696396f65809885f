// @vitest-environment node
// A write kept by the offline outbox names its answer schema as the api calls do: a production build
// leaves it out too, so a page that saves through the outbox loads no schema (and no zod) for it.
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { stripAnswerSchemas } from '../../../scripts/web/answer-schemas.ts';

const strip = (code: string) => stripAnswerSchemas(code, (source) => parseAst(source));

describe('answer schemas of outbox writes left out of production builds', () => {
  it("replaces sendWrite's answer schema with null and drops the import nothing reads", () => {
    const code = [
      "import { sendWrite } from '../../lib/offline/outbox.ts';",
      "import { learnerProfileAnswer } from '../../../shared/profile/schema.ts';",
      'export const save = (input, label) =>',
      "  sendWrite({ method: 'post', url: '/v1/learner/info-up', data: input, label }, learnerProfileAnswer);",
    ].join('\n');
    const out = strip(code);
    expect(out).toContain(
      "sendWrite({ method: 'post', url: '/v1/learner/info-up', data: input, label }, null)",
    );
    expect(out).not.toContain('shared/profile/schema.ts');
  });

  it('leaves a sendWrite without a schema alone', () => {
    const code = [
      "import { sendWrite } from '../../lib/offline/outbox.ts';",
      'export const save = (request, answer) => sendWrite(request, answer);',
    ].join('\n');
    expect(strip(code)).toBeNull();
  });
});
