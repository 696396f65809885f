// The organisation tree (/manage/settingManage/organization): read through /v1/user/structure, written
// through /v1/admin/organizations. Bodies are the shared schemas' input; answers the server's views.
import type { z } from '../../../shared/api/zod.ts';
import { noContentAnswer } from '../../../shared/api/answers.ts';
import { structureResponseSchema } from '../../../shared/auth/schema.ts';
import {
  organizationAnswer,
  type OrganizationCreateInput,
  type OrganizationUpdateInput,
  type organizationMoveSchema,
} from '../../../shared/organizations/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { OrganizationNode } from '../../../shared/auth/schema.ts';

export const fetchTree = async () =>
  (await api.get('/v1/user/structure', structureResponseSchema, ADMIN)).data;

export const createNode = (input: OrganizationCreateInput) =>
  api.post('/v1/admin/organizations', organizationAnswer, input, ADMIN);

export const updateNode = (id: number, input: OrganizationUpdateInput) =>
  api.put(`/v1/admin/organizations/${id}`, organizationAnswer, input, ADMIN);

export const moveNode = (id: number, input: z.input<typeof organizationMoveSchema>) =>
  api.post(`/v1/admin/organizations/${id}/move`, organizationAnswer, input, ADMIN);

export const setNodeEnabled = (id: number, enabled: boolean) =>
  api.post(`/v1/admin/organizations/${id}/${enabled ? 'enable' : 'disable'}`, organizationAnswer, {}, ADMIN);

export const deleteNode = (id: number) =>
  api.delete(`/v1/admin/organizations/${id}`, noContentAnswer, undefined, ADMIN);
