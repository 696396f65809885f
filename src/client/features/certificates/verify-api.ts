// Public verification behind the QR codes of tickets and certificates (no login; only what confirms the document).
import { verifyAnswer, type CertificateQuery, type VerifyKind } from '../../../shared/certificates/schema.ts';
import { api } from '../../lib/api/client.ts';

export type { VerifyAnswer, VerifyKind } from '../../../shared/certificates/schema.ts';

export function verifyDocument(kind: VerifyKind, token: string) {
  return api.get(`/v1/verify/${kind}/${encodeURIComponent(token)}`, verifyAnswer, { silent: true });
}

/** The public query by certificate number and holder name: the same answer as the printed link. */
export function queryCertificate(query: CertificateQuery) {
  return api.post('/v1/verify/certificate-query', verifyAnswer, query, { silent: true });
}
