// Certificate list and revocation (/manage/dataStatisticsManage/certificate), the staff PDF, and the
// appraisal institutions that issue them (.../certificate/unit).
import type { z } from '../../../shared/api/zod.ts';
import { blobAnswer, noContentAnswer } from '../../../shared/api/answers.ts';
import {
  certificateAnswer,
  certificateListAnswer,
  institutionAnswer,
  institutionListAnswer,
  type certificateListQuery,
  type institutionInputSchema,
  type institutionListQuery,
} from '../../../shared/certificates/schema.ts';
import { planOptionsAnswer, type PlanOptions } from '../../../shared/plans/schema.ts';
import { api, type ListFilters } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export type { CertificateView as CertificateRow } from '../../../shared/certificates/schema.ts';

/** A page of the certificate list with the filters the page offers. */
export type CertificateListQuery = { page: number; limit: number } & ListFilters<
  Pick<z.output<typeof certificateListQuery>, 'keyword' | 'state'>
>;

export const fetchCertificates = (query: CertificateListQuery) =>
  api.get('/v1/admin/certificates', certificateListAnswer, {
    params: {
      page: query.page,
      limit: query.limit,
      keyword: query.keyword || undefined,
      state: query.state ?? undefined,
    },
    ...ADMIN,
  });

export const revokeCertificate = (id: number, reason: string) =>
  api.post(`/v1/admin/certificates/${id}/revoke`, certificateAnswer, { reason }, ADMIN);

/** Opens the certificate PDF (fetched with the admin token) in a new tab. */
export async function openCertificatePdf(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.get(`/v1/admin/certificates/${id}/pdf`, blobAnswer, {
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

export type { AppraisalInstitution } from '../../../shared/certificates/schema.ts';

export type InstitutionInput = z.output<typeof institutionInputSchema>;

export type InstitutionListQuery = { page: number; limit: number } & ListFilters<
  Pick<z.output<typeof institutionListQuery>, 'keyword'>
>;

export const fetchInstitutions = (query: InstitutionListQuery) =>
  api.get('/v1/admin/appraisal-institutions', institutionListAnswer, {
    params: { page: query.page, limit: query.limit, keyword: query.keyword || undefined },
    ...ADMIN,
  });

export const saveInstitution = (id: number | null, input: InstitutionInput) =>
  id === null
    ? api.post('/v1/admin/appraisal-institutions', institutionAnswer, input, ADMIN)
    : api.put(`/v1/admin/appraisal-institutions/${id}`, institutionAnswer, input, ADMIN);

export const deleteInstitution = (id: number) =>
  api.delete(`/v1/admin/appraisal-institutions/${id}`, noContentAnswer, undefined, ADMIN);

/** How many certificates an institution issued (its code is locked once it has any). */
export async function countInstitutionCertificates(institutionId: number): Promise<number> {
  const answer = await api.get('/v1/admin/certificates', certificateListAnswer, {
    params: { institution_id: institutionId, page: 1, limit: 1 },
    ...ADMIN,
    silent: true,
  });
  return answer.meta.total;
}

export type College = PlanOptions['colleges'][number];

/** The colleges an institution may be linked to (the plan form's options answer carries them). */
export const fetchColleges = async (): Promise<College[]> =>
  (await api.get('/v1/admin/plans/options', planOptionsAnswer, { ...ADMIN, silent: true })).colleges;
