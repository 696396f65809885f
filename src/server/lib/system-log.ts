// Every administrator write leaves a system-log row in the same transaction as the write (PRODUCT.md §2).
// The guard below makes a forgotten log visible: an administrator's successful write that logged nothing is
// reported, and under the tests (config.strictSystemLog) answered 500, so every API test of a write checks it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { systemLogs } from '../db/schema/index.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    systemLogged: boolean;
  }
  interface FastifyContextConfig {
    /** A write that changes nothing worth a log row (signing out, a read sent as POST). */
    noSystemLog?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function systemLogGuard(app: FastifyInstance) {
  app.decorateRequest('systemLogged', false);
  app.addHook('onSend', async (request, reply, payload) => {
    // A public route (sign-up codes, the certificate query) is nobody's write even when a token came along.
    if (
      !request.routeOptions.config.access ||
      request.principal?.kind !== 'administrators' ||
      READ_METHODS.has(request.method) ||
      reply.statusCode >= 300 ||
      request.systemLogged ||
      request.routeOptions.config.noSystemLog
    )
      return payload;
    const message = `administrator write without a system-log row: ${request.method} ${request.routeOptions.url}`;
    request.log.error(message);
    if (!app.config.strictSystemLog) return payload;
    reply.code(500);
    return JSON.stringify({ message });
  });
}

export interface LogEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/** Records an administrator write; call it inside the write's transaction so both land or neither. */
export async function writeSystemLog(
  db: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  entry: LogEntry,
) {
  if (request) request.systemLogged = true;
  await db.insert(systemLogs).values({
    administratorId: actor?.id ?? null,
    administratorName: actor?.realName ?? 'system',
    action: entry.action,
    targetType: entry.targetType ?? '',
    targetId: entry.targetId === undefined ? '' : String(entry.targetId),
    detail: entry.detail ?? {},
    ip: request?.ip ?? '',
  });
}

/** Never in a summary: secrets, and the bookkeeping times every update moves. */
const UNLOGGED_FIELD = /password|secret|token|hash|^(updatedAt|updated_at|createdAt|created_at)$/i;
/** Longest text a summary keeps of one value. */
const SUMMARY_TEXT_MAX = 200;

/** A value as the log stores it: dates as ISO text, long text cut, a missing value as null. */
function stored(value: unknown) {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > SUMMARY_TEXT_MAX)
    return `${value.slice(0, SUMMARY_TEXT_MAX)}…`;
  return value ?? null;
}

/**
 * A log row's before → after summary: of the fields `after` names, those whose value changed
 * (`{ before: { name: 'A' }, after: { name: 'B' } }`); both empty when nothing changed. Takes request
 * fields or whole rows (before and after an update): secrets and update times are left out.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const summary: { before: Record<string, unknown>; after: Record<string, unknown> } = {
    before: {},
    after: {},
  };
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || UNLOGGED_FIELD.test(key)) continue;
    const was = stored(before[key]);
    const now = stored(value);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    summary.before[key] = was;
    summary.after[key] = now;
  }
  return summary;
}
