// A log row's action in words: its area (the prefix, `exam_room` of `exam_room.update`) and its verb from
// the feature's texts; an area or verb without a text shows its raw name, so a new action still reads.
import type { Translate } from '../../lib/i18n/index.ts';

export const ACTION_AREAS = [
  'administrator',
  'auth',
  'candidate_file',
  'certificate',
  'enrollment',
  'exam_plan',
  'exam_room',
  'exam_site',
  'exam_staff',
  'feedback',
  'finance',
  'institution',
  'module',
  'notification',
  'organization',
  'reconciliation',
  'role',
  'score',
  'seat',
  'ticket',
  'upload',
  'work_order',
] as const;

export const ACTION_VERBS = [
  'approve',
  'archive',
  'assign',
  'auto_assign',
  'batch_approve',
  'broadcast',
  'clear',
  'close',
  'close_registration',
  'correct',
  'create',
  'create_on_behalf',
  'delete',
  'disable',
  'enable',
  'enter',
  'fee_update',
  'grants',
  'hold_exam',
  'import',
  'issue',
  'issue_certificates',
  'issue_tickets',
  'logout',
  'password',
  'publish',
  'publish_scores',
  'reject',
  'reopen_registration',
  'reply',
  'revoke',
  'send',
  'set',
  'unassign',
  'unpublish',
  'update',
  'upload',
] as const;

const has = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** `考场 · 修改` for `exam_room.update`; the raw name when its area has no text. */
export function actionLabel(t: Translate, action: string): string {
  const dot = action.indexOf('.');
  const area = dot < 0 ? action : action.slice(0, dot);
  const verb = dot < 0 ? '' : action.slice(dot + 1);
  if (!has(ACTION_AREAS, area)) return action;
  const verbText = has(ACTION_VERBS, verb) ? t(`systemLogs.verbs.${verb}`) : verb;
  return verbText ? `${t(`systemLogs.areas.${area}`)} · ${verbText}` : t(`systemLogs.areas.${area}`);
}
