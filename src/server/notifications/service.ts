// Notifications to learners: sent inside the transaction of the event that causes them (review result,
// payment, ticket issued, scores published, certificate issued) so a rolled-back event sends nothing.
import type { DbOrTx } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

export const NOTIFICATION_KINDS = ['review', 'payment', 'ticket', 'score', 'certificate', 'broadcast', 'system'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationInput {
  /** null sends a broadcast to every learner. */
  learnerId: number | null;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A client route the message links to, e.g. /userCenter/myEnrollInfo?id=3 */
  link?: string;
  senderId?: number | null;
}

export async function sendNotification(db: DbOrTx, input: NotificationInput) {
  const [row] = await db
    .insert(notifications)
    .values({
      learnerId: input.learnerId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? '',
      senderId: input.senderId ?? null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function sendNotifications(db: DbOrTx, inputs: NotificationInput[]) {
  if (!inputs.length) return;
  await db.insert(notifications).values(
    inputs.map((input) => ({
      learnerId: input.learnerId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? '',
      senderId: input.senderId ?? null,
    })),
  );
}
