// Where "apply" goes: the application page of the user centre, through the login page first when no
// learner is signed in (`redirect` brings them back after login).
import { isLoggedIn } from '../../lib/state/session.ts';

export const applicationPath = (planId: number) => `/userCenter/myEnrollInfo?plan_id=${planId}`;

export function applyHref(planId: number, loggedIn: boolean = isLoggedIn('learner')): string {
  const target = applicationPath(planId);
  return loggedIn ? target : `/login?redirect=${encodeURIComponent(target)}`;
}
