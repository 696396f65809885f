// A throwaway PostgreSQL server for `npm run cluster`, its tests and `npm run bench:cluster`, started the
// way scripts/with-postgres.sh does it: initdb into a temp dir, pg_ctl on a free port, as the `postgres`
// user when running as root. Debian's server binaries (/usr/lib/postgresql/<version>/bin) are installed by
// scripts/ensure-system-deps.sh (the gate's first stage) or by with-postgres.sh.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

export interface StartedPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): void;
}

function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) {
    throw new Error(
      'PostgreSQL server binaries are missing (/usr/lib/postgresql/*/bin): run `bash scripts/ensure-system-deps.sh` as root, or set DATABASE_URL',
    );
  }
  return path.join(root, newest, 'bin');
}

/** Runs a server binary, as the `postgres` user when this process is root (initdb refuses root). */
function run(binary: string, args: string[]) {
  if (process.getuid?.() === 0) {
    const quoted = [binary, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'ignore' });
  } else {
    execFileSync(binary, args, { stdio: 'ignore' });
  }
}

export async function startPostgres(): Promise<StartedPostgres> {
  const bin = serverBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-cluster-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  // fsync off as in with-postgres.sh: what these runs put to the test is an app process dying, not the
  // database server's own crash safety.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`;
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already gone
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
