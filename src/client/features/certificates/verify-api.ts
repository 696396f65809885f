// Public verification behind the QR codes of tickets and certificates (no login; only what confirms the document).
import type { CertificateQuery } from '../../../shared/certificates/schema.ts';
import { api } from '../../lib/api/client.ts';

export type VerifyKind = 'ticket' | 'certificate';

export interface VerifyAnswer {
  valid: boolean;
  kind: VerifyKind;
  state: 'valid' | 'revoked' | 'not_found';
  name?: string;
  occupation?: string;
  level?: number;
  level_label?: string;
  number?: string;
  issued_date?: string;
}

export function verifyDocument(kind: VerifyKind, token: string): Promise<VerifyAnswer> {
  return api.get(`/v1/verify/${kind}/${encodeURIComponent(token)}`, { silent: true });
}

/** The public query by certificate number and holder name: the same answer as the printed link. */
export function queryCertificate(query: CertificateQuery): Promise<VerifyAnswer> {
  return api.post('/v1/verify/certificate-query', query, { silent: true });
}
