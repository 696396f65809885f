// @vitest-environment node
// The cluster's round-robin proxy (scripts/cluster/proxy.ts): turns, X-Forwarded-For, a refusing backend
// skipped with the request intact, and a backend dying mid-request answered 502 without a retry.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/cluster/ports.ts';
import { startProxy, type StartedProxy } from '../../../scripts/cluster/proxy.ts';

interface Seen {
  method: string;
  url: string;
  body: string;
  forwardedFor: string | undefined;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A backend that answers its name and records what it received; `die` destroys the socket instead. */
async function backend(name: string, die = false) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const forwarded = req.headers['x-forwarded-for'];
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, forwardedFor: forwarded?.toString() });
      if (die) req.socket.destroy();
      else res.end(name);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port, seen };
}

async function proxyTo(ports: number[]): Promise<StartedProxy> {
  const proxy = await startProxy(ports.map((port) => ({ host: '127.0.0.1', port })));
  closers.push(proxy.close);
  return proxy;
}

describe('cluster proxy', () => {
  it('takes the backends in turn and tells them the client address', async () => {
    const a = await backend('a');
    const b = await backend('b');
    const proxy = await proxyTo([a.port, b.port]);
    const names = [];
    for (let i = 0; i < 4; i++) names.push(await (await fetch(`${proxy.url}/api/x?n=${i}`)).text());
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    expect(a.seen.map((s) => s.url)).toEqual(['/api/x?n=0', '/api/x?n=2']);
    expect(a.seen[0]!.forwardedFor).toBe('127.0.0.1');
  });

  it('skips a backend that refuses connections and delivers the write to the next, once', async () => {
    const refusing = await freePort(); // nothing listens there
    const live = await backend('live');
    const proxy = await proxyTo([refusing, live.port]);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${proxy.url}/api/write`, { method: 'POST', body: `payload ${i}` });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('live');
    }
    expect(live.seen.map((s) => `${s.method} ${s.body}`)).toEqual([
      'POST payload 0',
      'POST payload 1',
      'POST payload 2',
    ]);
  });

  it('answers 502 when the backend dies mid-request and does not retry it elsewhere', async () => {
    const dying = await backend('dying', true);
    const live = await backend('live');
    const proxy = await proxyTo([dying.port, live.port]);
    const res = await fetch(`${proxy.url}/api/write`, { method: 'POST', body: 'once' });
    expect(res.status).toBe(502);
    expect(dying.seen).toHaveLength(1);
    expect(live.seen).toHaveLength(0);
  });
});
