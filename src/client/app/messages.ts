// Every message area, registered once (one import line + one entry per area). Keys are 'area.key'. A feature
// owns its texts (features/<area>/messages.ts); client/lib keeps those every feature uses (common, the
// back-office shell, the PWA, and the registration and certification tables, which several features share
// and are not split yet). The build splits the tables per language (scripts/i18n/vite-plugin.ts).
import type { AreaMessages } from '../lib/i18n/types.ts';
import auth from '../features/auth/messages.ts';
import candidateFiles from '../features/candidate-files/messages.ts';
import certification from '../lib/i18n/messages/certification.ts';
import common from '../lib/i18n/messages/common.ts';
import examAffairs from '../features/plans/messages.ts';
import examStaff from '../features/staff/messages.ts';
import institutions from '../features/certificates/messages.ts';
import learner from '../features/user-center/messages.ts';
import manage from '../lib/i18n/messages/manage.ts';
import pwa from '../lib/i18n/messages/pwa.ts';
import registration from '../lib/i18n/messages/registration.ts';
import scoring from '../features/scores/messages.ts';
import tickets from '../features/tickets/messages.ts';

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
