// Settings (system 5): functional module switches (/manage/settingManage/functionalModule).
import { functionalModuleAnswer, functionalModuleListAnswer } from '../../../shared/menus/schema.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import type { z } from '../../../shared/api/zod.ts';
import {
  grantTreeAnswer,
  roleAnswer,
  roleGrantsAnswer,
  roleListAnswer,
  type roleInputSchema,
} from '../../../shared/roles/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export const fetchModules = async () =>
  (await api.get('/v1/admin/functional-modules', functionalModuleListAnswer, ADMIN)).data;

export const setModule = (key: string, enabled: boolean) =>
  api.put(`/v1/admin/functional-modules/${key}`, functionalModuleAnswer, { enabled }, ADMIN);

export const fetchRoles = async () =>
  (await api.get('/v1/admin/roles', roleListAnswer, { params: { page: 1, limit: 100 }, ...ADMIN })).data;

export const fetchGrantTree = () => api.get('/v1/admin/roles/menu-tree', grantTreeAnswer, ADMIN);

export const fetchGrants = async (roleId: number) =>
  (await api.get(`/v1/admin/roles/${roleId}/grants`, roleGrantsAnswer, ADMIN)).menu_ids;

export const saveGrants = (roleId: number, menuIds: number[]) =>
  api.put(`/v1/admin/roles/${roleId}/grants`, roleGrantsAnswer, { menu_ids: menuIds }, ADMIN);

export type RoleInput = z.input<typeof roleInputSchema>;

export const saveRole = (id: number | null, input: RoleInput) =>
  id
    ? api.put(`/v1/admin/roles/${id}`, roleAnswer, input, ADMIN)
    : api.post('/v1/admin/roles', roleAnswer, input, ADMIN);

export const deleteRole = (id: number) =>
  api.delete(`/v1/admin/roles/${id}`, noContentAnswer, undefined, ADMIN);
