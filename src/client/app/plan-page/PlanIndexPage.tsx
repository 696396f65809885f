// /manage/examinationAffairsManage/plan/index?step=exam|ticket|scoring&plan=<id> (spec §2). Every
// administrator gets the step tabs of plan-steps.ts; a college's exam tab is its exam-registration step,
// founder and manager get plan management there (also without ?step). The ticket and scoring steps serve
// all three (the server limits a college to its own plans). The server decides; this only picks the view.
import '@mantine/dates/styles.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useSearch } from 'wouter';
import { adminSession } from '../../lib/state/session.ts';
import { PlanManagement } from '../../features/plans/components/PlanManagement.tsx';
import { PlanSteps } from './PlanSteps.tsx';
import { LocalizedDatesProvider } from '../../lib/components/DatesProvider.tsx';
import { isPlanStep } from './plan-steps.ts';

export default function PlanIndexPage() {
  useSignals();
  const search = useSearch();
  const step = new URLSearchParams(search).get('step');
  const isCollege = adminSession.value.userInfo?.administrator_type === 'college';
  return (
    <LocalizedDatesProvider>
      {isCollege ? (
        <PlanSteps step={isPlanStep(step) ? step : 'exam'} />
      ) : (
        <PlanSteps
          step={isPlanStep(step) ? step : 'exam'}
          examPanel={<PlanManagement />}
          examLabelKey="plans.plan.pageTitle"
        />
      )}
    </LocalizedDatesProvider>
  );
}
