// A PDF answer (tickets, seating charts, sign-in sheets, certificates): shown inline, never cached, since
// each holds a candidate's personal data.
import type { FastifyReply } from 'fastify';

export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}
