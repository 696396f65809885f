// Certificate list and revocation (/manage/dataStatisticsManage/certificate), the staff PDF, and the
// appraisal institutions that issue them (.../certificate/unit).
import type { z } from '../../../shared/api/zod.ts';
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { institutionInputSchema } from '../../../shared/certificates/schema.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export interface CertificateRow {
  id: number;
  number: string;
  learner_id: number;
  plan_id: number;
  plan_code: string | null;
  plan_title: string | null;
  institution_name: string | null;
  holder_name: string;
  id_number: string;
  occupation: string;
  level: number;
  level_label: string;
  issued_at: string;
  revoked: boolean;
  revoked_at: string | null;
  revoke_reason: string | null;
  verify_path: string;
}

export interface CertificateQuery {
  page: number;
  limit: number;
  keyword?: string;
  state?: 'valid' | 'revoked' | null;
}

export const fetchCertificates = (query: CertificateQuery) =>
  api.get<ListResponse<CertificateRow>>('/v1/admin/certificates', {
    params: {
      page: query.page,
      limit: query.limit,
      keyword: query.keyword || undefined,
      state: query.state ?? undefined,
    },
    ...ADMIN,
  });

export const revokeCertificate = (id: number, reason: string) =>
  api.post<CertificateRow>(`/v1/admin/certificates/${id}/revoke`, { reason }, ADMIN);

/** Opens the certificate PDF (fetched with the admin token) in a new tab. */
export async function openCertificatePdf(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.get<Blob>(`/v1/admin/certificates/${id}/pdf`, {
      ...ADMIN,
      silent: true,
      responseType: 'blob',
      timeoutMs: 60_000,
    });
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    throw new Error('pdf');
  }
}

// ---- appraisal institutions (/manage/dataStatisticsManage/certificate/unit) ----

export interface AppraisalInstitution {
  id: number;
  name: string;
  code: string;
  province_code: string;
  site_code: string;
  address: string;
  contact: string;
  phone: string;
  organization_id: number | null;
  organization_name: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export type InstitutionInput = z.output<typeof institutionInputSchema>;

export const fetchInstitutions = (query: { page: number; limit: number; keyword?: string }) =>
  api.get<ListResponse<AppraisalInstitution>>('/v1/admin/appraisal-institutions', {
    params: { page: query.page, limit: query.limit, keyword: query.keyword || undefined },
    ...ADMIN,
  });

export const saveInstitution = (id: number | null, input: InstitutionInput) =>
  id === null
    ? api.post<AppraisalInstitution>('/v1/admin/appraisal-institutions', input, ADMIN)
    : api.put<AppraisalInstitution>(`/v1/admin/appraisal-institutions/${id}`, input, ADMIN);

export const deleteInstitution = (id: number) =>
  api.delete<void>(`/v1/admin/appraisal-institutions/${id}`, undefined, ADMIN);

/** How many certificates an institution issued (its code is locked once it has any). */
export async function countInstitutionCertificates(institutionId: number): Promise<number> {
  const answer = await api.get<ListResponse<CertificateRow>>('/v1/admin/certificates', {
    params: { institution_id: institutionId, page: 1, limit: 1 },
    ...ADMIN,
    silent: true,
  });
  return answer.meta.total;
}

/** The colleges an institution may be linked to (the plan form's options answer carries them). */
export async function fetchColleges(): Promise<{ id: number; name: string; code: string }[]> {
  const answer = await api.get<{ colleges: { id: number; name: string; code: string }[] }>(
    '/v1/admin/plans/options',
    { ...ADMIN, silent: true },
  );
  return answer.colleges;
}
