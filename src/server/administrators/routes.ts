// Administrator accounts (system 5, /manage/settingManage/administratorAccount).
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  administratorAnswer,
  administratorCreateSchema,
  administratorCreatedAnswer,
  administratorListAnswer,
  administratorListQuery,
  administratorUpdateSchema,
  passwordResetAnswer,
} from '../../shared/administrators/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  createAdministratorAccount,
  listAdministrators,
  resetAdministratorPassword,
  setAdministratorEnabled,
  updateAdministratorAccount,
} from './service.ts';

const accountPage = { preHandler: adminPage('AdministratorAccount') };

const administratorRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/administrators', accountPage, async (request) =>
    answer(
      administratorListAnswer,
      await listAdministrators(app.db, parseInput(administratorListQuery, request.query, 'query')),
    ),
  );

  app.post('/v1/admin/administrators', accountPage, async (request, reply) => {
    const body = parseInput(administratorCreateSchema, request.body);
    const account = await app.db.transaction((tx) =>
      createAdministratorAccount(tx, requireAdmin(request), request, body),
    );
    return reply.status(201).send(answer(administratorCreatedAnswer, account));
  });

  app.put('/v1/admin/administrators/:id', accountPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(administratorUpdateSchema, request.body);
    return answer(
      administratorAnswer,
      await app.db.transaction((tx) =>
        updateAdministratorAccount(tx, requireAdmin(request), request, id, body),
      ),
    );
  });

  app.post('/v1/admin/administrators/:id/reset-password', accountPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(
      passwordResetAnswer,
      await app.db.transaction((tx) => resetAdministratorPassword(tx, requireAdmin(request), request, id)),
    );
  });

  for (const enabled of [true, false]) {
    app.post(
      `/v1/admin/administrators/:id/${enabled ? 'enable' : 'disable'}`,
      accountPage,
      async (request) => {
        const { id } = parseInput(idParams, request.params, 'id');
        return answer(
          administratorAnswer,
          await app.db.transaction((tx) =>
            setAdministratorEnabled(tx, requireAdmin(request), request, id, enabled),
          ),
        );
      },
    );
  }
};

export default administratorRoutes;
