// Every message area, registered once (one import line + one entry per area). Keys are 'area.key'.
import type { AreaMessages } from '../types.ts';
import auth from './auth.ts';
import candidateFiles from './candidate-files.ts';
import certification from './certification.ts';
import common from './common.ts';
import examAffairs from './exam-affairs.ts';
import examStaff from './exam-staff.ts';
import institutions from './institutions.ts';
import learner from './learner.ts';
import manage from './manage.ts';
import pwa from './pwa.ts';
import registration from './registration.ts';
import scoring from './scoring.ts';
import tickets from './tickets.ts';

export const messageAreas: Record<string, AreaMessages> = {
  common,
  examAffairs,
  examStaff,
  auth,
  certification,
  candidateFiles,
  institutions,
  learner,
  manage,
  pwa,
  registration,
  scoring,
  tickets,
};
