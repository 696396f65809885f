// Settings (system 5): functional module switches (/manage/settingManage/functionalModule).
import { functionalModuleAnswer, functionalModuleListAnswer } from '../../../shared/menus/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export const fetchModules = async () =>
  (await api.get('/v1/admin/functional-modules', functionalModuleListAnswer, ADMIN)).data;

export const setModule = (key: string, enabled: boolean) =>
  api.put(`/v1/admin/functional-modules/${key}`, functionalModuleAnswer, { enabled }, ADMIN);
