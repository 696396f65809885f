// Public verification behind the QR codes of tickets and certificates (no login; only what confirms the document).
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
