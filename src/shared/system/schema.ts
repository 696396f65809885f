// The platform's own endpoints (no area behind them): the health check monitors and the start script read.
import { z } from '../api/zod.ts';

/** GET /api/health */
export const healthAnswer = z.object({
  status: z.literal('ok'),
  /** Which database the server runs on. */
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
