// Administrator accounts (/manage/settingManage/administratorAccount). Bodies are the shared schemas'
// input; answers the server's views. A created account and a reset answer a password shown once.
import type { z } from '../../../shared/api/zod.ts';
import {
  administratorAnswer,
  administratorCreatedAnswer,
  administratorListAnswer,
  passwordResetAnswer,
  type AdministratorCreateInput,
  type AdministratorUpdateInput,
  type administratorListQuery,
} from '../../../shared/administrators/schema.ts';
import { structureResponseSchema } from '../../../shared/auth/schema.ts';
import { PAGINATION } from '../../../shared/api/constants.ts';
import { roleListAnswer } from '../../../shared/roles/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type AdministratorListFilters = ListFilters<
  Pick<
    z.output<typeof administratorListQuery>,
    'keyword' | 'administrator_type' | 'organization_id' | 'enabled'
  >
>;

export const fetchAdministrators = (query: AdministratorListFilters & { page: number; limit: number }) =>
  api.get('/v1/admin/administrators', administratorListAnswer, {
    params: {
      page: query.page,
      limit: query.limit,
      keyword: query.keyword || undefined,
      administrator_type: query.administrator_type ?? undefined,
      organization_id: query.organization_id ?? undefined,
      enabled: query.enabled ?? undefined,
    },
    ...ADMIN,
  });

export const createAdministrator = (input: AdministratorCreateInput) =>
  api.post('/v1/admin/administrators', administratorCreatedAnswer, input, ADMIN);

export const updateAdministrator = (id: number, input: AdministratorUpdateInput) =>
  api.put(`/v1/admin/administrators/${id}`, administratorAnswer, input, ADMIN);

export const resetPassword = (id: number) =>
  api.post(`/v1/admin/administrators/${id}/reset-password`, passwordResetAnswer, {}, ADMIN);

export const setAdministratorEnabled = (id: number, enabled: boolean) =>
  api.post(
    `/v1/admin/administrators/${id}/${enabled ? 'enable' : 'disable'}`,
    administratorAnswer,
    {},
    ADMIN,
  );

/** The organisation tree an account may belong to. */
export const fetchOrganizationTree = async () =>
  (await api.get('/v1/user/structure', structureResponseSchema, ADMIN)).data;

/** The enabled roles an account can be given (the built-in role of its type when none is chosen). */
export const fetchRoleChoices = async () => {
  const { data } = await api.get('/v1/admin/roles', roleListAnswer, {
    params: { page: 1, limit: PAGINATION.maxLimit },
    ...ADMIN,
  });
  return data.filter((role) => role.enabled).map((role) => ({ value: String(role.id), label: role.name }));
};
