// Every message area, registered once (one import line + one entry per area). Keys are 'area.key'.
import type { AreaMessages } from '../types.ts';
import auth from './auth.ts';
import certification from './certification.ts';
import common from './common.ts';
import examAffairs from './exam-affairs.ts';
import learner from './learner.ts';
import manage from './manage.ts';
import pwa from './pwa.ts';
import registration from './registration.ts';

export const messageAreas: Record<string, AreaMessages> = {
  common,
  examAffairs,
  auth,
  certification,
  learner,
  manage,
  pwa,
  registration,
};
