// The public check behind the completion certificate's QR code (no login; only what confirms the document).
import { completionVerifyAnswer } from '../../../shared/completion/schema.ts';
import { api } from '../../lib/api/client.ts';

export type { CompletionVerify } from '../../../shared/completion/schema.ts';

export const verifyCompletion = (token: string) =>
  api.get(`/v1/verify/completion/${encodeURIComponent(token)}`, completionVerifyAnswer, { silent: true });
