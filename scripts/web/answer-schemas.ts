// Production client builds leave the answer schemas out (lib/api/client.ts checks answers only in
// development and tests). Each API call names its schema as its second argument; a production build
// replaces that argument with null ("checked form, schema left out"), so nothing refers to the schema
// constants any more, and with the schema builders annotated pure (annotateSchemaBuilders) the unused
// schemas, and zod with them, fall out of every chunk that does not validate a form.
import type { Plugin } from 'vite';

/**
 * The calls whose second argument is an answer schema (client.ts api.*, firstAnswer; learner-cache
 * learnerGet; the offline outbox's sendWrite).
 */
const API_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const SCHEMA_FUNCTIONS = new Set(['firstAnswer', 'learnerGet', 'sendWrite']);

/**
 * The shared helpers that only build a schema. With `z`, the roots of the call chains annotated pure.
 * (treeshake.manualPureFunctions cannot say this: the bundler turns `z.object` into a direct reference to
 * zod's `object` before it looks at names.)
 */
const SCHEMA_HELPERS = new Set(['listOf', 'withRefusal', 'idSchema', 'requiredText']);
const PURE = '/* @__PURE__ */ ';
/** How shared code names a schema (`loginSchema`, `siteAnswer`), also when imported by a relative path. */
const SCHEMA_NAME = /(Answer|Schema)$/;
/** Calls made for what they do, never marked: zod's configuration and every parse (it may throw). */
const EFFECTS = /^(config|spa|parse|decode|encode|safe(Parse|Decode|Encode))(Async)?$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) found.push(item);
    if (isNode(value)) found.push(value);
  }
  return found;
}

const nameOf = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Identifier' ? (node.name as string) : undefined;

/** Where a module's imported and top-level const names come from. */
interface Scope {
  imports: Map<string, { source: string; imported: string }>;
  consts: Map<string, Node>;
}

function scopeOf(program: Node): Scope {
  const scope: Scope = { imports: new Map(), consts: new Map() };
  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      const source = (statement.source as Node).value as string;
      for (const specifier of statement.specifiers as Node[]) {
        const local = nameOf(specifier.local);
        const imported = nameOf(specifier.imported) ?? 'default';
        if (local) scope.imports.set(local, { source, imported });
      }
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
        ? statement.declaration
        : statement;
    if (declaration.type === 'VariableDeclaration' && declaration.kind === 'const') {
      for (const declarator of declaration.declarations as Node[]) {
        const name = nameOf(declarator.id);
        if (name && isNode(declarator.init)) scope.consts.set(name, declarator.init);
      }
    }
  }
  return scope;
}

/** A module of shared schemas: shared/<area>/schema.ts, shared/api/answers.ts and the like. */
const SHARED_SOURCE = /(^|\/)shared\//;

/**
 * Is `node` an answer schema? Read from names only (no types here): a schema imported from shared code
 * (named `...Answer`/`...Schema`, or any export of shared/api/answers.ts), a call of a shared schema
 * helper (`listOf(x)`, `withRefusal(x)`), a `z.` chain, a method chain on a schema, or a local const
 * holding one of these. Anything else (options, params, a variable) is left as it is.
 */
function isSchema(node: unknown, scope: Scope, seen = new Set<string>()): boolean {
  if (!isNode(node)) return false;
  if (node.type === 'ParenthesizedExpression' || node.type === 'TSAsExpression')
    return isSchema(node.expression, scope, seen);
  if (node.type === 'Identifier') {
    const name = node.name as string;
    if (name === 'z') return true;
    const imported = scope.imports.get(name);
    if (imported)
      return (
        SHARED_SOURCE.test(imported.source) &&
        (/(Answer|Schema)$/.test(imported.imported) || /\/api\/answers(\.ts)?$/.test(imported.source))
      );
    const init = scope.consts.get(name);
    if (!init || seen.has(name)) return false;
    seen.add(name);
    return isSchema(init, scope, seen);
  }
  if (node.type === 'CallExpression') return isSchema(node.callee, scope, seen);
  if (node.type === 'MemberExpression') return isSchema(node.object, scope, seen);
  return false;
}

/** Is `call` one of the API calls that take an answer schema second? */
function takesAnswer(call: Node): boolean {
  const callee = call.callee;
  if (!isNode(callee)) return false;
  if (callee.type === 'Identifier') return SCHEMA_FUNCTIONS.has(callee.name as string);
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  return nameOf(callee.object) === 'api' && API_METHODS.has(nameOf(callee.property) ?? '');
}

/**
 * `code` with the answer schema argument of each API call replaced by null, or null when there is none.
 * `parse` is the bundler's parser (this.parse in a plugin), giving an ESTree program with offsets.
 */
export function stripAnswerSchemas(code: string, parse: (code: string) => unknown): string | null {
  const program = parse(code);
  if (!isNode(program)) return null;
  const scope = scopeOf(program);
  const cuts: { start: number; end: number; text: string }[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'CallExpression' && takesAnswer(node)) {
      const answer = (node.arguments as Node[])[1];
      if (answer && answer.type !== 'SpreadElement' && isSchema(answer, scope))
        cuts.push({ start: answer.start, end: answer.end, text: 'null' });
    }
    for (const child of children(node)) visit(child);
  };
  visit(program);
  if (cuts.length === 0) return null;
  // A shared import left with no reader goes too: importing a module of schemas runs its imports (zod
  // and its configuration), which would keep zod in the chunk for nothing.
  const inCut = (node: Node) => cuts.some((cut) => node.start >= cut.start && node.end <= cut.end);
  const read = new Set<string>();
  const collect = (node: Node): void => {
    if (node.type === 'ImportDeclaration' || inCut(node)) return;
    if (node.type === 'Identifier') read.add(node.name as string);
    for (const child of children(node)) collect(child);
  };
  collect(program);
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const specifiers = statement.specifiers as Node[];
    const source = (statement.source as Node).value as string;
    if (
      SHARED_SOURCE.test(source) &&
      specifiers.length > 0 &&
      specifiers.every((specifier) => !read.has(nameOf(specifier.local) ?? ''))
    )
      cuts.push({ start: statement.start, end: statement.end, text: '' });
  }
  let out = code;
  for (const cut of cuts.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, cut.start)}${cut.text}${out.slice(cut.end)}`;
  return out;
}

/** The identifier a call chain starts from (`z` in `z.object({}).nullable()`), if any. */
function chainRoot(node: unknown): Node | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'Identifier') return node;
  if (node.type === 'CallExpression') return chainRoot(node.callee);
  if (node.type === 'MemberExpression') return chainRoot(node.object);
  return undefined;
}

/**
 * `code` with every schema-building call chain marked pure (`z.` chains, the shared schema helpers, and
 * method chains on a schema: `base.extend({...})`), so the bundler drops a schema nobody reads; null when
 * there is none. `z.config(...)` and parses are left alone (called for their effect, or to throw).
 */
export function annotateSchemaBuilders(code: string, parse: (code: string) => unknown): string | null {
  const program = parse(code);
  if (!isNode(program)) return null;
  const scope = scopeOf(program);
  const starts = new Set<number>();
  // A chain's calls share its start, and a mark there would cover the outermost: only that one decides
  // (so `z.string().parse(x)` stays unmarked as a whole).
  const decided = new Set<number>();
  const visit = (node: Node): void => {
    if (node.type === 'CallExpression' && !decided.has(node.start)) {
      decided.add(node.start);
      const root = chainRoot(node);
      const callee = node.callee as Node;
      const method = callee.type === 'MemberExpression' ? nameOf(callee.property) : undefined;
      const builds =
        root !== undefined &&
        (SCHEMA_HELPERS.has(root.name as string) ||
          (method !== undefined && (isSchema(root, scope) || SCHEMA_NAME.test(root.name as string))));
      if (builds && !(method && EFFECTS.test(method))) starts.add(node.start);
    }
    for (const child of children(node)) visit(child);
  };
  visit(program);
  if (starts.size === 0) return null;
  let out = code;
  for (const start of [...starts].sort((a, b) => b - a))
    out = `${out.slice(0, start)}${PURE}${out.slice(start)}`;
  return out;
}

/** The production client build's plugin (after TypeScript and JSX are compiled away). */
export function answerSchemas(): Plugin {
  return {
    name: 'answer-schemas',
    enforce: 'post',
    apply: (_config, env) => env.command === 'build' && env.mode === 'production',
    transform: {
      filter: { id: /[\\/]src[\\/](client|shared)[\\/].*\.tsx?$/ },
      handler(code) {
        const parse = (source: string) => this.parse(source);
        const stripped = /\b(api\.|firstAnswer|learnerGet|sendWrite)/.test(code)
          ? stripAnswerSchemas(code, parse)
          : null;
        const annotated = annotateSchemaBuilders(stripped ?? code, parse);
        const out = annotated ?? stripped;
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
