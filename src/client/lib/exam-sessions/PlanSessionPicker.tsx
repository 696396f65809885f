// Pick an exam plan, then one of its sessions (theory / practical, with their times). Used where a room or a
// person is looked at for one session: the rooms page's availability and the exam-staff duty form.
import { Group, Select } from '@mantine/core';
import { readKey, useRead } from '../data/use-read.ts';
import { useT } from '../i18n/index.ts';
import { isoDateTime } from '../utils/iso-time.ts';
import { fetchPlanChoices, fetchPlanSessions, type ExamSessionChoice, type PlanChoice } from './api.ts';

export interface PlanSessionValue {
  planId: number | null;
  sessionId: number | null;
}

export interface PlanSessionPickerProps {
  value: PlanSessionValue;
  onChange: (value: PlanSessionValue, session: ExamSessionChoice | null) => void;
  /** testid prefix: `<prefix>-plan` and `<prefix>-session`. */
  testIdPrefix: string;
  sessionError?: string;
  /** Stack the two selects (narrow forms) instead of a row. */
  vertical?: boolean;
}

/** "理论知识考试 2026-05-01 09:00-10:30" */
export function sessionLabel(session: ExamSessionChoice): string {
  return `${session.name} ${isoDateTime(session.starts_at)}-${isoDateTime(session.ends_at, '{h}:{i}')}`;
}

export function PlanSessionPicker({
  value,
  onChange,
  testIdPrefix,
  sessionError,
  vertical,
}: PlanSessionPickerProps) {
  const t = useT();
  const planId = value.planId;
  // A failed list shows as an empty one (the API client has shown the toast).
  const planRead = useRead({ key: 'plan-choices', fetch: fetchPlanChoices });
  const plans: PlanChoice[] | null = planRead.data?.data ?? (planRead.error !== null ? [] : null);
  const sessionRead = useRead(
    planId ? { key: readKey('plan-sessions', planId), fetch: () => fetchPlanSessions(planId) } : null,
  );
  const sessions: ExamSessionChoice[] | null =
    sessionRead.data ?? (sessionRead.error !== null && !sessionRead.refreshing ? [] : null);

  const planSelect = (
    <Select
      label={t('staff.picker.plan')}
      placeholder={plans === null ? t('staff.picker.loading') : t('staff.picker.pickPlan')}
      searchable
      clearable
      nothingFoundMessage={t('staff.picker.noPlans')}
      data={(plans ?? []).map((p) => ({ value: String(p.id), label: `${p.title}（${p.code}）` }))}
      value={value.planId ? String(value.planId) : null}
      onChange={(v) => onChange({ planId: v ? Number(v) : null, sessionId: null }, null)}
      miw={260}
      data-testid={`${testIdPrefix}-plan`}
    />
  );
  const sessionSelect = (
    <Select
      label={t('staff.picker.session')}
      placeholder={
        !value.planId
          ? t('staff.picker.pickPlanFirst')
          : sessions === null
            ? t('staff.picker.loading')
            : sessions.length === 0
              ? t('staff.picker.noSessions')
              : t('staff.picker.pickSession')
      }
      disabled={!value.planId || !sessions?.length}
      data={(sessions ?? []).map((s) => ({ value: String(s.id), label: sessionLabel(s) }))}
      value={value.sessionId ? String(value.sessionId) : null}
      error={sessionError}
      onChange={(v) => {
        const session = sessions?.find((s) => String(s.id) === v) ?? null;
        onChange({ planId: value.planId, sessionId: session?.id ?? null }, session);
      }}
      miw={260}
      data-testid={`${testIdPrefix}-session`}
    />
  );
  return vertical ? (
    <>
      {planSelect}
      {sessionSelect}
    </>
  ) : (
    <Group align="flex-start" gap="sm" wrap="wrap">
      {planSelect}
      {sessionSelect}
    </Group>
  );
}
