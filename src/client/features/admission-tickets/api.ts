// The learner's admission tickets (GET /v0/user/occupational-skill-tests/admissionDownload, read through the
// offline cache) and the ticket PDF, fetched with the learner token and saved from a blob.
import type { ListResponse } from '../../../shared/api/errors.ts';
import { api } from '../../lib/api/client.ts';
import { learnerGet } from '../../lib/offline/learner-cache.ts';

export interface TicketSession {
  session_id: number;
  kind: string;
  kind_label: string;
  name: string;
  starts_at: string;
  ends_at: string;
  time_label: string;
  room_id: number | null;
  room_name: string | null;
  site_name: string | null;
  address: string | null;
  seat_no: number | null;
}

export interface AdmissionTicket {
  id: number;
  ticket_no: string;
  enrollment_id: number;
  issued_at: string;
  plan_id: number;
  plan_code: string;
  plan_title: string;
  occupation: string;
  level: number;
  level_label: string;
  name: string;
  id_number: string;
  photo_url: string | null;
  site_name: string | null;
  address: string | null;
  room_name: string | null;
  seat_no: number | null;
  sessions: TicketSession[];
  rules: string[];
  verify_path: string;
  pdf_url: string;
}

export function fetchMyTickets(query: {
  page: number;
  limit: number;
}): Promise<ListResponse<AdmissionTicket>> {
  return learnerGet('/v0/user/occupational-skill-tests/admissionDownload', query);
}

/** '/api/v0/...' -> '/v0/...' (the api client adds the base). */
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
