// The organisation tree's writes (system 5, /manage/settingManage/organization). The tree itself is read
// through GET /v1/user/structure (auth/routes.ts), which every back-office page may call.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  organizationAnswer,
  organizationCreateSchema,
  organizationMoveSchema,
  organizationUpdateSchema,
} from '../../shared/organizations/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  createOrganizationNode,
  deleteOrganizationNode,
  moveOrganizationNode,
  setOrganizationEnabled,
  updateOrganizationNode,
} from './service.ts';

const organizationPage = { preHandler: adminPage('Organization') };

const organizationRoutes: FastifyPluginAsync = async (app) => {
  app.post('/v1/admin/organizations', organizationPage, async (request, reply) => {
    const body = parseInput(organizationCreateSchema, request.body);
    const node = await app.db.transaction((tx) =>
      createOrganizationNode(tx, requireAdmin(request), request, body),
    );
    return reply.status(201).send(answer(organizationAnswer, node));
  });

  app.put('/v1/admin/organizations/:id', organizationPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(organizationUpdateSchema, request.body);
    return answer(
      organizationAnswer,
      await app.db.transaction((tx) => updateOrganizationNode(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.post('/v1/admin/organizations/:id/move', organizationPage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(organizationMoveSchema, request.body);
    return answer(
      organizationAnswer,
      await app.db.transaction((tx) => moveOrganizationNode(tx, requireAdmin(request), request, id, body)),
    );
  });

  for (const enabled of [true, false]) {
    app.post(
      `/v1/admin/organizations/:id/${enabled ? 'enable' : 'disable'}`,
      organizationPage,
      async (request) => {
        const { id } = parseInput(idParams, request.params, 'id');
        return answer(
          organizationAnswer,
          await app.db.transaction((tx) =>
            setOrganizationEnabled(tx, requireAdmin(request), request, id, enabled),
          ),
        );
      },
    );
  }

  app.delete('/v1/admin/organizations/:id', organizationPage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteOrganizationNode(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });
};

export default organizationRoutes;
