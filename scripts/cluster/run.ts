// npm run cluster - the scale-out path on one machine (issue 21): a PostgreSQL server, an S3-compatible
// object store (s3rver) and three app processes behind a small round-robin proxy on PORT (default 8080).
// Ctrl-C stops everything and removes the temp dirs.
//
// Also a library for the kill tests and `npm run bench:cluster`: startCluster(options).
// Env (command only): PORT (proxy, default 8080), CLUSTER_PROCESSES (default 3), DATABASE_URL (use this
// PostgreSQL server instead of a throwaway one), CLUSTER_STORAGE=off (no s3rver), and anything the app
// reads (CAPTCHA, PAYMENT_SECRET, CLIENT_DIR, ...), passed on to every app process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { startPostgres, type StartedPostgres } from './postgres.ts';
import { freePort, waitForHealth, waitForPort } from './ports.ts';
import { startProxy } from './proxy.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 180_000;
export const STORAGE_BUCKET = 'skills-cluster';

export interface ClusterOptions {
  /** App processes behind the proxy (default 3). */
  processes?: number;
  /** The proxy's port (0: a free one). */
  port?: number;
  /** Use this PostgreSQL database; default: a throwaway server removed by stop(). */
  databaseUrl?: string;
  /** Start s3rver and pass STORAGE_URL to the app processes (default true). */
  storage?: boolean;
  /** The first process loads the demo data into an empty database (default true). */
  demo?: boolean;
  /** More environment for every app process (NODE_ENV, CAPTCHA, ...). */
  env?: Record<string, string>;
  /** Run the proxy as a process of its own (default: in this process). */
  proxyProcess?: boolean;
  /** Append each process's output to <logDir>/app-<n>.log; default: keep only the end of stderr. */
  logDir?: string;
}

export interface Backend {
  /** 1-based, as printed. */
  number: number;
  url: string;
  port: number;
  /** The running process's id, undefined while it is down. */
  readonly pid: number | undefined;
  alive(): boolean;
  /** Sends `signal` (default SIGKILL) and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the process again on the same port and environment; resolves once /api/health answers. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** The proxy. */
  url: string;
  backends: Backend[];
  databaseUrl: string;
  /** STORAGE_URL given to the app processes, when the object store runs. */
  storageUrl: string | undefined;
  /** The app processes' shared DATA_DIR (local uploads when no object store is configured). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A child process that can be stopped, killed and started again. */
export class ManagedProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private stderrTail = '';

  constructor(
    readonly label: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string | undefined,
  ) {}

  get pid() {
    return this.child?.pid;
  }

  alive() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Why the process is not running, or null while it runs. */
  failure(): string | null {
    if (this.alive()) return null;
    return `${this.label} exited (${this.child?.exitCode ?? this.child?.signalCode})\n${this.stderrTail}`;
  }

  start() {
    const log = this.logFile ? fs.openSync(this.logFile, 'a') : undefined;
    const child = spawn(this.command, this.args, {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', log ?? 'ignore', log ?? 'pipe'],
    });
    if (log !== undefined) fs.closeSync(log);
    this.stderrTail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4000);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.child = child;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (!this.alive()) return;
    this.child!.kill(signal);
    await this.exited;
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000) {
    if (!this.alive()) return;
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await this.kill('SIGTERM');
    clearTimeout(timer);
  }
}

/** One app process (src/server/main.ts) with `env`. */
export const appProcess = (label: string, env: NodeJS.ProcessEnv, logFile?: string) =>
  new ManagedProcess(label, process.execPath, ['--import', 'tsx', 'src/server/main.ts'], env, logFile);

async function startObjectStore(dir: string, logDir: string | undefined) {
  const port = await freePort();
  const store = new ManagedProcess(
    's3rver',
    process.execPath,
    [
      path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--directory',
      dir,
      '--configure-bucket',
      STORAGE_BUCKET,
      '--silent',
    ],
    process.env,
    logDir ? path.join(logDir, 's3rver.log') : undefined,
  );
  store.start();
  await waitForPort(port, 30_000);
  return {
    store,
    storageUrl: `s3://${STORAGE_BUCKET}?endpoint=http://127.0.0.1:${port}&force_path_style=true`,
  };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 3;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-cluster-'));
  const dataDir = path.join(temp, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  let postgres: StartedPostgres | undefined;
  let store: ManagedProcess | undefined;
  const apps: ManagedProcess[] = [];
  let closeProxy: (() => Promise<void>) | undefined;

  const stop = async () => {
    await closeProxy?.();
    await Promise.all(apps.map((app) => app.stop()));
    await store?.stop(2000);
    postgres?.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  };

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      postgres = await startPostgres();
      databaseUrl = postgres.url;
    }
    let storageUrl: string | undefined;
    if (options.storage ?? true) {
      const started = await startObjectStore(path.join(temp, 's3'), options.logDir);
      store = started.store;
      storageUrl = started.storageUrl;
    }

    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      CLIENT_DIR: process.env.CLIENT_DIR ?? process.env.CLIENT_OUT_DIR ?? 'dist/client',
      ...(storageUrl
        ? {
            STORAGE_URL: storageUrl,
            AWS_ACCESS_KEY_ID: 'S3RVER',
            AWS_SECRET_ACCESS_KEY: 'S3RVER',
            AWS_REGION: 'us-east-1',
          }
        : {}),
      ...options.env,
    };
    for (const [i, port] of ports.entries()) {
      apps.push(
        appProcess(
          `app process ${i + 1}`,
          { ...baseEnv, PORT: String(port), DEMO: i === 0 && (options.demo ?? true) ? 'on' : 'off' },
          options.logDir ? path.join(options.logDir, `app-${i + 1}.log`) : undefined,
        ),
      );
    }
    const healthy = (i: number) =>
      waitForHealth(`http://127.0.0.1:${ports[i]}/api/health`, START_TIMEOUT_MS, () => apps[i]!.failure());
    // The first process migrates and loads the demo data alone; then the others start side by side.
    apps[0]!.start();
    await healthy(0);
    for (const app of apps.slice(1)) app.start();
    await Promise.all(apps.slice(1).map((_, i) => healthy(i + 1)));

    let proxyUrl: string;
    if (options.proxyProcess) {
      const proxyPort = options.port || (await freePort());
      const proxy = new ManagedProcess(
        'proxy',
        process.execPath,
        ['--import', 'tsx', 'scripts/cluster/proxy.ts', String(proxyPort), ...ports.map(String)],
        process.env,
        options.logDir ? path.join(options.logDir, 'proxy.log') : undefined,
      );
      proxy.start();
      closeProxy = () => proxy.stop(2000);
      await waitForPort(proxyPort, 30_000);
      proxyUrl = `http://127.0.0.1:${proxyPort}`;
    } else {
      const proxy = await startProxy(
        ports.map((port) => ({ host: '127.0.0.1', port })),
        { port: options.port ?? 0, host: '127.0.0.1' },
      );
      closeProxy = proxy.close;
      proxyUrl = proxy.url;
    }

    const backends: Backend[] = apps.map((app, i) => ({
      number: i + 1,
      port: ports[i]!,
      url: `http://127.0.0.1:${ports[i]}`,
      get pid() {
        return app.pid;
      },
      alive: () => app.alive(),
      kill: (signal) => app.kill(signal),
      async restart() {
        await app.stop();
        app.start();
        await healthy(i);
      },
    }));
    return { url: proxyUrl, backends, databaseUrl, storageUrl, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-cluster-logs-'));
  const processes = Number(process.env.CLUSTER_PROCESSES ?? 3);
  const port = Number(process.env.PORT ?? 8080);
  console.log(`Starting PostgreSQL, the object store and ${processes} app processes...`);
  const cluster = await startCluster({
    processes,
    port,
    databaseUrl: process.env.DATABASE_URL || undefined,
    storage: !['off', 'false', '0'].includes((process.env.CLUSTER_STORAGE ?? '').toLowerCase()),
    logDir,
  });
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster...');
    void cluster.stop().then(() => {
      fs.rmSync(logDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  console.log(`
技能人才评价服务管理平台, cluster of ${processes} processes
  proxy (round robin)  http://localhost:${new URL(cluster.url).port}
${cluster.backends.map((b) => `  app process ${b.number}        ${b.url} (pid ${b.pid})`).join('\n')}
  PostgreSQL           ${cluster.databaseUrl}
  object store         ${cluster.storageUrl ?? 'off (uploads in the shared DATA_DIR)'}
  logs                 ${logDir}
Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(10)} ${a.role}`).join('\n')}
Ctrl-C stops everything.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
