// Message notifications (/userCenter/myNotify, myNotifyInfo, the web header's unread count), the staff
// broadcast, and the notices to staff (the back-office header's bell). A learner reaches only their own
// messages and broadcasts; an administrator only the notices of pages its role may open. Opening marks read.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  broadcastSchema,
  markAllReadAnswer,
  notificationAnswer,
  notificationCreatedAnswer,
  notificationListAnswer,
  notificationListQuery,
  sentNotificationListAnswer,
  staffNoticeAnswer,
  staffNoticeListAnswer,
  unreadCountAnswer,
} from '../../shared/notifications/schema.ts';
import { paginationQuery } from '../../shared/api/pagination.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { learners } from '../db/schema/index.ts';
import { fieldError, forbidden, notFound } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { admin, learner, requireAdmin, requireLearner } from '../plugins/auth.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import {
  listInbox,
  listSentByStaff,
  markAllRead,
  openInboxItem,
  sendNotification,
  unreadCount,
} from './service.ts';
import { listStaffNotices, markAllStaffRead, readStaffNotice, staffUnreadCount } from './staff.ts';

const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/notifications', { preHandler: learner() }, async (request, reply) => {
    const me = requireLearner(request);
    const query = parseInput(notificationListQuery, request.query, 'query');
    return answer(
      notificationListAnswer,
      await listInbox(app.db, me.id, query, requestLanguage(request, reply)),
    );
  });

  app.get('/v1/notifications/unread-count', { preHandler: learner() }, async (request) => {
    const me = requireLearner(request);
    return answer(unreadCountAnswer, { count: await unreadCount(app.db, me.id) });
  });

  app.get('/v1/notifications/:id', { preHandler: learner() }, async (request, reply) => {
    const me = requireLearner(request);
    const { id } = parseInput(idParams, request.params, 'id');
    const item = await openInboxItem(app.db, me.id, id, requestLanguage(request, reply));
    if (!item) throw notFound('消息不存在');
    return answer(notificationAnswer, item);
  });

  app.post('/v1/notifications/read-all', { preHandler: learner() }, async (request) => {
    const me = requireLearner(request);
    return answer(markAllReadAnswer, { marked: await markAllRead(app.db, me.id) });
  });

  // ------------------------------------------------------------ notices to staff (any administrator: each
  // sees the notices of the pages its role may open). Marking read is one's own receipt, changing no data
  // anyone else sees: no system-log row.
  const readReceipt = { preHandler: admin(), config: { noSystemLog: true } };
  app.get('/v1/admin/notices', { preHandler: admin() }, async (request, reply) => {
    const query = parseInput(notificationListQuery, request.query, 'query');
    return answer(
      staffNoticeListAnswer,
      await listStaffNotices(app.db, requireAdmin(request), query, requestLanguage(request, reply)),
    );
  });

  app.get('/v1/admin/notices/unread-count', { preHandler: admin() }, async (request) =>
    answer(unreadCountAnswer, { count: await staffUnreadCount(app.db, requireAdmin(request)) }),
  );

  app.post('/v1/admin/notices/read-all', readReceipt, async (request) =>
    answer(markAllReadAnswer, { marked: await markAllStaffRead(app.db, requireAdmin(request)) }),
  );

  app.post('/v1/admin/notices/:id/read', readReceipt, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const notice = await readStaffNotice(app.db, requireAdmin(request), id, requestLanguage(request, reply));
    if (!notice) throw notFound('通知不存在');
    return answer(staffNoticeAnswer, notice);
  });

  // ------------------------------------------------------------ messages staff sent to learners
  app.get('/v1/admin/notifications', { preHandler: admin(['founder', 'manager']) }, async (request) =>
    answer(
      sentNotificationListAnswer,
      await listSentByStaff(app.db, parseInput(paginationQuery, request.query, 'query')),
    ),
  );

  /** Founder and manager may broadcast; a college administrator may message one learner of its college. */
  app.post('/v1/admin/notifications', { preHandler: admin() }, async (request, reply) => {
    const actor = requireAdmin(request);
    const body = parseInput(broadcastSchema, request.body);
    const learnerId = body.learner_id ?? null;
    const id = await app.db.transaction(async (tx) => {
      if (learnerId !== null) {
        const scope = await organizationScope(tx, actor);
        const [target] = await tx
          .select({ id: learners.id })
          .from(learners)
          .where(
            scope
              ? and(eq(learners.id, learnerId), inArray(learners.organizationId, scope.length ? scope : [-1]))
              : eq(learners.id, learnerId),
          );
        if (!target) throw fieldError('learner_id', '学员不存在');
      } else if (actor.administratorType === 'college') {
        throw forbidden('院校管理员不能向全体学员群发消息');
      }
      const notificationId = await sendNotification(tx, {
        learnerId,
        kind: learnerId === null ? 'broadcast' : 'system',
        title: body.title,
        body: body.body,
        link: body.link,
        senderId: actor.id,
      });
      await writeSystemLog(tx, actor, request, {
        action: learnerId === null ? 'notification.broadcast' : 'notification.send',
        targetType: 'notification',
        targetId: notificationId,
        detail: { title: body.title, learner_id: learnerId },
      });
      return notificationId;
    });
    return reply.status(201).send(answer(notificationCreatedAnswer, { id }));
  });
};

export default notificationRoutes;
