// Public verification links (admission tickets and certificates): printed as QR codes and scanned by a
// phone outside the app, so they carry an unguessable token and an absolute URL, and their endpoints answer
// anyone under a rate limit.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** An unguessable token for the public verification links printed as QR codes. */
export const newVerifyToken = () => randomBytes(24).toString('base64url');

/** An absolute link to a public client page (the QR code is scanned by a phone, outside the app). */
export const publicUrl = (request: FastifyRequest, path: string) =>
  `${request.protocol}://${request.host}${path}`;

/** The public verification endpoints answer anyone, so they are rate limited per client. */
export const publicRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
