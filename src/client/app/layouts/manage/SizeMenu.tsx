import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSignals } from '@preact/signals-react/runtime';
import { IconCheck, IconTextSize } from '@tabler/icons-react';
import { TOAST_DURATION_MS, UI_SIZES } from '../../../../shared/api/constants.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { setUiSize, uiSize } from '../../../lib/state/preferences.ts';

/** Global size (spec §2, §9): default, medium (the default), small, mini; the theme follows at once. */
export function SizeMenu() {
  useSignals();
  const t = useT();
  const current = uiSize.value;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('manage.size.label')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('manage.size.label')}
            data-testid="size-menu"
          >
            <IconTextSize size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('manage.size.label')}</Menu.Label>
        {UI_SIZES.map((size) => (
          <Menu.Item
            key={size}
            disabled={size === current}
            rightSection={size === current ? <IconCheck size={14} /> : undefined}
            data-testid={`size-option-${size}`}
            data-selected={size === current || undefined}
            onClick={() => {
              setUiSize(size);
              notifications.show({
                color: 'green',
                message: t('manage.size.changed'),
                autoClose: TOAST_DURATION_MS,
              });
            }}
          >
            {t(`manage.size.${size}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
