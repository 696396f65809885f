// The cluster's round-robin reverse proxy (node:http, no dependency): a stand-in for the load balancer
// in front of several app processes.
//
// - Forwards method, path, headers and body as they come (streamed, uploads included) and appends the
//   client's address to X-Forwarded-For (the app processes trust it: TRUST_PROXY=127.0.0.1).
// - A backend that refuses the connection is marked down for DOWN_MS and the request goes to the next
//   one: nothing of the request has reached any app yet, so this is safe for writes too.
// - Once the request has been handed to a backend, a failure (the process died mid-request) answers 502
//   and is never retried here: only the client knows whether it may replay (with its Idempotency-Key).
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ProxyTarget {
  host: string;
  port: number;
}

export interface StartedProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

const DOWN_MS = 1000;
/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are not forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function badGateway(res: http.ServerResponse, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  res.writeHead(502, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export async function startProxy(
  targets: readonly ProxyTarget[],
  { port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {},
): Promise<StartedProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const downUntil = new Map<number, number>();
  let next = 0;

  /** The next backend in turn that is not marked down and not tried yet for this request. */
  const pick = (tried: ReadonlySet<number>): number | undefined => {
    const now = Date.now();
    let fallback: number | undefined;
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      if (tried.has(index)) continue;
      if ((downUntil.get(index) ?? 0) > now) {
        fallback ??= index;
        continue;
      }
      next = (index + 1) % targets.length;
      return index;
    }
    // Every untried backend is marked down: try one anyway rather than refuse outright.
    return fallback;
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, tried: Set<number>) => {
    const index = pick(tried);
    if (index === undefined) {
      badGateway(res, '服务暂不可用，请稍后重试');
      return;
    }
    tried.add(index);
    const target = targets[index]!;
    const headers = withoutHopByHop(req.headers);
    const client = req.socket.remoteAddress ?? '';
    const forwardedFor = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
    headers['x-forwarded-proto'] ??= 'http';
    if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;

    const upstream = http.request({
      host: target.host,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    let handedOver = false;
    upstream.on('socket', (socket) => {
      const go = () => {
        handedOver = true;
        req.pipe(upstream);
      };
      if (socket.connecting) socket.once('connect', go);
      else go();
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!handedOver && error.code === 'ECONNREFUSED') {
        downUntil.set(index, Date.now() + DOWN_MS);
        forward(req, res, tried);
        return;
      }
      badGateway(res, '后端服务中断，请求结果未知');
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  };

  const server = http.createServer((req, res) => forward(req, res, new Set()));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

// As its own process (the benchmark keeps the proxy off the load generator's event loop):
// node --import tsx scripts/cluster/proxy.ts <port> <backend port>...
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [port, ...backends] = process.argv.slice(2).map(Number);
  const proxy = await startProxy(
    backends.map((p) => ({ host: '127.0.0.1', port: p })),
    { port: port ?? 0 },
  );
  console.log(`proxy on ${proxy.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void proxy.close().then(() => process.exit(0)));
  }
}
