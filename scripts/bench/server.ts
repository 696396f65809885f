// Starts the real server (src/server/main.ts) as a child process on a free port over a fresh embedded
// database with the demo data, for the benchmarks. The load generator then runs in the calling process,
// so the server keeps a core of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface StartedServer {
  url: string;
  dataDir: string;
  /** The server process, for reading its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `preload`: modules the server process imports first (e.g. a benchmark's statement counter). */
export async function startServer(
  env: Record<string, string> = {},
  { preload = [] }: { preload?: string[] } = {},
): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const imports = ['tsx', ...preload].flatMap((module) => ['--import', module]);
  const child: ChildProcess = spawn(process.execPath, [...imports, 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      DATABASE_URL: '',
      DEMO: 'on',
      CAPTCHA: 'off',
      CLIENT_DIR: process.env.CLIENT_OUT_DIR ?? 'dist/client',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { url, dataDir, pid: child.pid ?? 0, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not start on ${url}\n${stderr}`);
}

/** A table cell padded to its column (numbers right-aligned). */
export function pad(value: string, width: number, right = false) {
  return right ? value.padStart(width) : value.padEnd(width);
}
