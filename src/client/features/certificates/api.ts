// Certificate list and revocation (/manage/dataStatisticsManage/certificate), the staff PDF.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { api } from '../../lib/api/client.ts';

const ADMIN = { apiType: 'administrators' } as const;

export interface CertificateRow {
  id: number;
  number: string;
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
