// The learner's admission tickets (GET /v0/user/occupational-skill-tests/admissionDownload, read through the
// offline cache); the ticket PDF is saved through the private-file download with the learner token.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { AdmissionTicket } from '../../../shared/tickets/schema.ts';
import { learnerGet, type LearnerQuery } from '../../lib/offline/learner-cache.ts';

export type { AdmissionTicket };
export { downloadPrivateFile as downloadPdf } from '../../lib/uploads/use-private-file.ts';

export function fetchMyTickets(query: {
  page: number;
  limit: number;
}): Promise<ListResponse<AdmissionTicket>> {
  return learnerGet('/v0/user/occupational-skill-tests/admissionDownload', query);
}

/** The tickets page as /userCenter/admissionDown asks for it, and the key it is kept under offline. */
export const myTicketsQuery = (query: {
  page: number;
  limit: number;
}): LearnerQuery<ListResponse<AdmissionTicket>> => ({
  key: `admission-tickets:${query.page}:${query.limit}`,
  fetch: () => fetchMyTickets(query),
});
