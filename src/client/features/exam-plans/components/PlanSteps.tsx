// The college administrator's plan page: one tab per step (plan-tabs.ts), the active one named by ?step=.
// Switching tabs rewrites the query, so the sidebar's step entries, the tags view and the URL agree.
import { Alert, Center, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../lib/i18n/index.ts';
import { PLAN_STEP_ORDER, planStepTabs, type PlanStepKey } from '../plan-tabs.ts';

const panels = new Map<PlanStepKey, LazyExoticComponent<ComponentType>>();
function panelOf(step: PlanStepKey) {
  const tab = planStepTabs[step];
  if (!tab) return null;
  let panel = panels.get(step);
  if (!panel) {
    panel = lazy(tab.load);
    panels.set(step, panel);
  }
  return panel;
}

export function PlanSteps({ step }: { step: PlanStepKey }) {
  const t = useT();
  const [location, navigate] = useLocation();
  const Panel = useMemo(() => panelOf(step), [step]);
  return (
    <Stack gap="md" data-testid="plan-steps">
      <Title order={2} fz="h3">
        {t('examAffairs.steps.title')}
      </Title>
      <Tabs
        value={step}
        onChange={(next) => next && navigate(`${location}?step=${next}`)}
        keepMounted={false}
      >
        <Tabs.List>
          {PLAN_STEP_ORDER.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`plan-step-${key}`}>
              {t(planStepTabs[key]?.labelKey ?? `examAffairs.steps.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {Panel ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader />
            </Center>
          }
        >
          <Panel />
        </Suspense>
      ) : (
        <Alert icon={<IconInfoCircle size={18} />} color="gray" data-testid="plan-step-not-open">
          {t('examAffairs.steps.notOpen')}
        </Alert>
      )}
    </Stack>
  );
}
