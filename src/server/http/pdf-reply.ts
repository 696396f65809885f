// HTTP helpers of the certification routes: PDF answers and the public verification links.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An absolute link to a public client page (the QR code is scanned by a phone, outside the app). */
export const publicUrl = (request: FastifyRequest, path: string) =>
  `${request.protocol}://${request.host}${path}`;

export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

/** The public verification endpoints answer anyone, so they are rate limited per client. */
export const publicRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
