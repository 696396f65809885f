// The client side of the kill tests (tests/api/*-kill.test.ts): real HTTP calls that record whether the
// app gave a final answer, bursts that SIGKILL a process part-way through, and the replay of every write
// left without a final answer under its same Idempotency-Key, as the PWA's outbox does.
import { DEMO_PASSWORD } from '../../src/server/demo/seed.ts';
import { planBody } from './enrollments.ts';

export type Json = Record<string, unknown>;

export interface Outcome {
  /** 0: no HTTP answer at all (connection reset). */
  status: number;
  body: Json;
  retryAfter: boolean;
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  key?: string;
  body?: unknown;
}

export async function send(base: string, call: Call): Promise<Outcome> {
  try {
    const res = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers: {
        ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: Json = {};
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
    } catch {
      body = { text };
    }
    return { status: res.status, body, retryAfter: res.headers.has('retry-after') };
  } catch (error) {
    return { status: 0, body: { error: String(error) }, retryAfter: false };
  }
}

/**
 * Whether the app's answer is final: a success or a refusal the client keeps. No answer, a proxy's 502,
 * a 5xx, 429 and 409 "in progress" (with Retry-After) leave the write to be replayed.
 */
export function isFinal(outcome: Outcome): boolean {
  if (outcome.status === 0 || outcome.status >= 500 || outcome.status === 429) return false;
  return !(outcome.status === 409 && outcome.retryAfter);
}

export const isSuccess = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;

/**
 * Runs `task` over `items`, `width` at a time, and calls `kill()` once `killAfter` tasks have answered
 * (the others keep going meanwhile). Answers each item's outcome and how many had no final answer.
 */
export async function burst<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<Outcome>,
  killAfter: number,
  kill: () => Promise<void>,
): Promise<{ outcomes: Map<T, Outcome>; unanswered: T[] }> {
  const outcomes = new Map<T, Outcome>();
  let next = 0;
  let answered = 0;
  let killed: Promise<void> | undefined;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      outcomes.set(item, await task(item));
      answered += 1;
      if (answered === killAfter) killed = kill();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  await (killed ?? kill());
  const unanswered = items.filter((item) => !isFinal(outcomes.get(item)!));
  return { outcomes, unanswered };
}

/** Replays `task` for each item until it gets a final answer (at most `attempts` rounds). */
export async function replayUntilFinal<T>(
  items: readonly T[],
  task: (item: T) => Promise<Outcome>,
  outcomes: Map<T, Outcome>,
  attempts = 20,
): Promise<void> {
  let pending = [...items];
  for (let round = 0; round < attempts && pending.length > 0; round++) {
    if (round > 0) await new Promise((r) => setTimeout(r, 500));
    const answers = await Promise.all(pending.map(async (item) => [item, await task(item)] as const));
    for (const [item, outcome] of answers) outcomes.set(item, outcome);
    pending = pending.filter((item) => !isFinal(outcomes.get(item)!));
  }
  if (pending.length > 0) {
    const sample = outcomes.get(pending[0]!);
    throw new Error(`${pending.length} writes got no final answer after replays: ${JSON.stringify(sample)}`);
  }
}

/**
 * Signs in as the demo manager over HTTP and opens a plan for `organizationId` (registration open now):
 * answers the manager's token and the plan's id.
 */
export async function openPlanOver(
  base: string,
  organizationId: number,
  overrides: Json,
): Promise<{ managerToken: string; planId: number }> {
  const login = await send(base, {
    method: 'POST',
    path: '/api/v1/authorizations',
    body: { username: 'manager', password: DEMO_PASSWORD, user_type: 'administrators', captcha: '', key: '' },
  });
  const managerToken = String(login.body.access_token);
  const occupations = await send(base, { method: 'GET', path: '/api/v1/occupations', token: managerToken });
  const occupation = (occupations.body.data as { id: number; code: string }[]).find(
    (o) => o.code === '6-31-01-03',
  )!.id;
  const created = await send(base, {
    method: 'POST',
    path: '/api/v1/admin/plans',
    token: managerToken,
    body: planBody(occupation, organizationId, overrides),
  });
  if (created.status !== 201)
    throw new Error(`create plan: ${created.status} ${JSON.stringify(created.body)}`);
  const planId = Number(created.body.id);
  const published = await send(base, {
    method: 'POST',
    path: `/api/v1/admin/plans/${planId}/transition`,
    token: managerToken,
    body: { action: 'publish' },
  });
  if (published.status !== 200)
    throw new Error(`publish plan: ${published.status} ${JSON.stringify(published.body)}`);
  return { managerToken, planId };
}
