// Roles and their grants (system 5, /manage/settingManage/rolePermission). The role list is also read by
// the administrator account form, which picks a role.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  grantTreeAnswer,
  roleAnswer,
  roleGrantsAnswer,
  roleGrantsInputSchema,
  roleInputSchema,
  roleListAnswer,
  roleListQuery,
} from '../../shared/roles/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage, requireAdmin } from '../plugins/auth.ts';
import {
  createRole,
  deleteRole,
  grantTree,
  listRoles,
  roleGrants,
  setRoleGrants,
  updateRole,
} from './service.ts';

const rolePage = { preHandler: adminPage('RolePermission') };

const roleRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v1/admin/roles',
    { preHandler: adminPage('RolePermission', 'AdministratorAccount') },
    async (request) =>
      answer(roleListAnswer, await listRoles(app.db, parseInput(roleListQuery, request.query, 'query'))),
  );

  app.post('/v1/admin/roles', rolePage, async (request, reply) => {
    const body = parseInput(roleInputSchema, request.body);
    const role = await app.db.transaction((tx) => createRole(tx, requireAdmin(request), request, body));
    return reply.status(201).send(answer(roleAnswer, role));
  });

  app.put('/v1/admin/roles/:id', rolePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const body = parseInput(roleInputSchema, request.body);
    return answer(
      roleAnswer,
      await app.db.transaction((tx) => updateRole(tx, requireAdmin(request), request, id, body)),
    );
  });

  app.delete('/v1/admin/roles/:id', rolePage, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'id');
    await app.db.transaction((tx) => deleteRole(tx, requireAdmin(request), request, id));
    return reply.status(204).send();
  });

  app.get('/v1/admin/roles/menu-tree', rolePage, async () =>
    answer(grantTreeAnswer, await grantTree(app.db, app.routeTable)),
  );

  app.get('/v1/admin/roles/:id/grants', rolePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    return answer(roleGrantsAnswer, await roleGrants(app.db, id));
  });

  app.put('/v1/admin/roles/:id/grants', rolePage, async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const { menu_ids } = parseInput(roleGrantsInputSchema, request.body);
    return answer(
      roleGrantsAnswer,
      await app.db.transaction((tx) => setRoleGrants(tx, requireAdmin(request), request, id, menu_ids)),
    );
  });
};

export default roleRoutes;
