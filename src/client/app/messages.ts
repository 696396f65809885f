// Every message area, registered once (one import line + one entry per area). Keys are 'area.section.key'.
// A feature owns its texts (features/<folder>/messages.ts, the area named as the folder in camelCase);
// client/lib keeps those every feature uses: common, the back-office shell (manage) and the PWA. The build
// splits the tables per language (scripts/i18n/vite-plugin.ts).
import type { AreaMessages } from '../lib/i18n/types.ts';
import auth from '../features/auth/messages.ts';
import candidateFiles from '../features/candidate-files/messages.ts';
import certificates from '../features/certificates/messages.ts';
import common from '../lib/i18n/messages/common.ts';
import enrollments from '../features/enrollments/messages.ts';
import manage from '../lib/i18n/messages/manage.ts';
import notifications from '../features/notifications/messages.ts';
import organizations from '../features/organizations/messages.ts';
import administrators from '../features/administrators/messages.ts';
import payments from '../features/payments/messages.ts';
import plans from '../features/plans/messages.ts';
import portal from '../features/portal/messages.ts';
import profile from '../features/profile/messages.ts';
import pwa from '../lib/i18n/messages/pwa.ts';
import reviews from '../features/reviews/messages.ts';
import rooms from '../features/rooms/messages.ts';
import scores from '../features/scores/messages.ts';
import staff from '../features/staff/messages.ts';
import roles from '../features/roles/messages.ts';
import systemLogs from '../features/system-logs/messages.ts';
import tickets from '../features/tickets/messages.ts';
import userCenter from '../features/user-center/messages.ts';

export const messageAreas: Record<string, AreaMessages> = {
  common,
  manage,
  pwa,
  administrators,
  auth,
  candidateFiles,
  certificates,
  enrollments,
  notifications,
  organizations,
  payments,
  plans,
  portal,
  profile,
  reviews,
  rooms,
  scores,
  staff,
  roles,
  systemLogs,
  tickets,
  userCenter,
};
