// /manage/examinationAffairsManage/plan/index. Founder and manager get plan management; a college
// administrator opens the same page through its step entries (?step=exam|ticket|scoring, spec §2) and gets
// the step panels of plan-tabs.ts instead (the step endpoints are college-only, so founder and manager
// always see plan management). The server decides what each may do; this only picks the view.
import '@mantine/dates/styles.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useSearch } from 'wouter';
import { adminSession } from '../../../lib/state/session.ts';
import { PlanManagement } from '../components/PlanManagement.tsx';
import { PlanSteps } from '../components/PlanSteps.tsx';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { isPlanStep } from '../plan-tabs.ts';

export default function PlanIndexPage() {
  useSignals();
  const search = useSearch();
  const step = new URLSearchParams(search).get('step');
  const isCollege = adminSession.value.userInfo?.administrator_type === 'college';
  return (
    <LocalizedDatesProvider>
      {isCollege ? <PlanSteps step={isPlanStep(step) ? step : 'exam'} /> : <PlanManagement />}
    </LocalizedDatesProvider>
  );
}
