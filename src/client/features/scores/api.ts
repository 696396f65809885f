// The learner's published scores with their certificate (GET /v0/user/occupational-skill-tests/examScores,
// read through the offline cache) and the certificate PDF, fetched with the learner token and saved.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet } from '../../lib/offline/learner-cache.ts';

export interface LearnerCertificate {
  id: number;
  number: string;
  issued_at: string;
  revoked: boolean;
  verify_path: string;
  pdf_url: string;
}

export interface LearnerScore {
  enrollment_id: number;
  plan_id: number;
  plan_code: string;
  plan_title: string;
  occupation: string;
  level: number;
  level_label: string;
  exam_date: string | null;
  pass_theory: number;
  pass_practical: number;
  theory: number | null;
  practical: number | null;
  total: number | null;
  absent: boolean;
  cheating: boolean;
  passed: boolean;
  result: string;
  published_at: string | null;
  certificate: LearnerCertificate | null;
}

export function fetchMyScores(query: { page: number; limit: number }): Promise<ListResponse<LearnerScore>> {
  return learnerGet('/v0/user/occupational-skill-tests/examScores', query);
}

const apiRelative = (url: string) => url.replace(/^\/api(?=\/)/, '');

/** Fetches a PDF with the learner token and hands it to the browser as a download. */
export async function downloadPdf(url: string, filename: string): Promise<void> {
  const blob = await api.get<Blob>(apiRelative(url), {
    apiType: 'learners',
    silent: true,
    responseType: 'blob',
    timeoutMs: 60_000,
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
