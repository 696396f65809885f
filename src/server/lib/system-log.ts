import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { systemLogs } from '../db/schema/index.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';

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
