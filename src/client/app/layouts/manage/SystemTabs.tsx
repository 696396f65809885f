import { notifications } from '@mantine/notifications';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { TOAST_DURATION_MS } from '../../../../shared/api/constants.ts';
import type { HeaderTab } from '../../../../shared/menus/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { currentSystem, language, setCurrentSystem } from '../../../lib/state/preferences.ts';
import classes from './ManageLayout.module.css';
import { systemTitleWith } from './menu-title.ts';

/** Header tabs, one per system (spec §2): a disabled tab says 暂未开放 instead of navigating. */
export function SystemTabs({ tabs }: { tabs: HeaderTab[] }) {
  useSignals();
  const t = useT();
  const [, navigate] = useLocation();
  const systemTitle = systemTitleWith(t, language.value);
  const active = currentSystem.value;

  const open = (tab: HeaderTab) => {
    if (!tab.enabled) {
      notifications.show({ color: 'yellow', message: t('manage.notOpen'), autoClose: TOAST_DURATION_MS });
      return;
    }
    setCurrentSystem(tab.index);
    navigate(tab.landing);
  };

  return (
    <div
      className={classes.systemTabs}
      role="tablist"
      aria-label={t('manage.systemTabs')}
      data-testid="system-tabs"
    >
      {tabs
        .filter((tab) => tab.visible)
        .map((tab) => (
          <button
            key={tab.index}
            type="button"
            role="tab"
            aria-selected={tab.index === active}
            aria-disabled={!tab.enabled || undefined}
            className={[
              classes.systemTab,
              tab.index === active ? classes.systemTabActive : '',
              tab.enabled ? '' : classes.systemTabDisabled,
            ].join(' ')}
            data-testid={`system-tab-${tab.index}`}
            data-system-key={tab.key}
            onClick={() => open(tab)}
          >
            {systemTitle(tab.key, tab.title)}
          </button>
        ))}
    </div>
  );
}
