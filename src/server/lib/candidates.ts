// The candidate behind an enrolment, as printed on tickets, seating charts, sign-in sheets and
// certificates: the registration form's answers where given (what the candidate declared for this exam),
// else the learner's profile.
import { sql } from 'drizzle-orm';
import { enrollments, learners } from '../db/schema/index.ts';
import { uploadUrl } from '../uploads/service.ts';

export const candidateColumns = {
  enrollmentId: enrollments.id,
  learnerId: enrollments.learnerId,
  planId: enrollments.planId,
  state: enrollments.state,
  form: enrollments.form,
  realName: learners.realName,
  idCard: learners.idCard,
  employer: learners.employer,
  learnerPhoto: learners.photo,
  photoUploadId: sql<
    string | null
  >`(select m.upload_id from enrollment_materials m where m.enrollment_id = ${enrollments.id} and m.material_key = 'photo' limit 1)`,
};

export interface CandidateRow {
  enrollmentId: number;
  learnerId: number;
  planId: number;
  state: string;
  form: Record<string, unknown>;
  realName: string;
  idCard: string;
  employer: string;
  learnerPhoto: string;
  photoUploadId: string | null;
}

const formText = (form: Record<string, unknown>, key: string) => {
  const value = form[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

export const candidateName = (c: Pick<CandidateRow, 'form' | 'realName'>) =>
  formText(c.form, 'real_name') ?? c.realName;
export const candidateIdNumber = (c: Pick<CandidateRow, 'form' | 'idCard'>) =>
  formText(c.form, 'id_number') ?? c.idCard;
export const candidateEmployer = (c: Pick<CandidateRow, 'form' | 'employer'>) =>
  formText(c.form, 'employer') ?? c.employer;
/** The 2-inch photo of the enrolment, else the profile photo (both are upload URLs). */
export const candidatePhotoUrl = (c: Pick<CandidateRow, 'photoUploadId' | 'learnerPhoto'>) =>
  c.photoUploadId ? uploadUrl(c.photoUploadId) : c.learnerPhoto || null;
