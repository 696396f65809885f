// Preloaded into a benchmark's server process (startServer's `preload`): counts the INSERT, UPDATE and
// DELETE statements the server sends, per table, on either engine (PGlite's query, a pg client's query),
// and writes the counts as JSON to BENCH_WRITES_FILE on SIGUSR2 and when the process exits. The embedded database belongs
// to the server process, so its statistics views cannot be read from outside while it runs.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.env.BENCH_WRITES_FILE;
const counts: Record<string, number> = {};
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

function note(query: unknown) {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return;
  const table = WRITE.exec(text)?.[1];
  if (table) counts[table] = (counts[table] ?? 0) + 1;
}

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;
function wrap(target: { query: QueryFn }) {
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    note(args[0]);
    return original.apply(this, args);
  };
}

type TransactionFn = (this: unknown, callback: (tx: { query: QueryFn }) => unknown) => unknown;

if (file) {
  wrap(PGlite.prototype as unknown as { query: QueryFn });
  // A PGlite transaction hands its callback an object of its own, whose query does not go through the prototype.
  const owner = PGlite.prototype as unknown as { transaction: TransactionFn };
  const transaction = owner.transaction;
  owner.transaction = function (this: unknown, callback) {
    return transaction.call(this, (tx) => {
      wrap(tx);
      return callback(tx);
    });
  };
  wrap(pg.Client.prototype as unknown as { query: QueryFn });
  const dump = () => fs.writeFileSync(file, JSON.stringify(counts));
  // The benchmark asks for the counts so far with SIGUSR2 (before and after its measured phase).
  process.on('SIGUSR2', dump);
  process.on('exit', dump);
}
