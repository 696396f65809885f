// The last resort of issue 22: when the device cannot reach the server before deadline + grace, the
// candidate saves an answer file signed with the attempt's key (src/shared/exams/answer-file.ts, WebCrypto
// HMAC-SHA256) and hands it to the invigilator, who uploads it in the back office. The file carries every
// answer the device holds with its version and the time it was recorded, on the server's clock as the
// device knows it (device time + the offset from the last `server_now`): the upload comes hours later, so
// the server cannot work the offset out itself. The server applies each answer by the same version rule,
// so answers it already has change nothing.
import { buildAnswerFile, type AnswerFile } from '../../../../shared/exams/answer-file.ts';
import { isAnswered, type LocalAttempt } from './attempt-state.ts';

export function answerFileName(attempt: Pick<LocalAttempt, 'ticket_no' | 'attempt_id'>): string {
  return `答题文件-${attempt.ticket_no || attempt.attempt_id}.json`;
}

/** The signed file of the attempt's answers; null without a signing key. */
export async function attemptAnswerFile(
  attempt: LocalAttempt,
  deviceNow: number,
): Promise<AnswerFile | null> {
  if (!attempt.signing_key) return null;
  const now = new Date(deviceNow).toISOString();
  const answers = Object.values(attempt.answers)
    .filter((a) => isAnswered(a.answer) || a.version > 1)
    .sort((a, b) => a.question_id - b.question_id)
    .map(({ question_id, answer, version, recorded_at }) => ({
      question_id,
      answer,
      version,
      recorded_at: new Date(Date.parse(recorded_at) + attempt.offset_ms).toISOString(),
    }));
  return buildAnswerFile(attempt.signing_key, {
    attempt_id: attempt.attempt_id,
    exam_id: attempt.exam_id,
    created_at: now,
    device_now: now,
    answers,
  });
}
