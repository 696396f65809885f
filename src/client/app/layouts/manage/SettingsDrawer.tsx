import { Button, ColorInput, Divider, Drawer, Group, Stack, Switch } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { THEME_COLOR } from '../../../../shared/api/constants.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { settings, updateSettings, type Settings } from '../../../lib/state/preferences.ts';

/** One-click presets above the free picker; the first is the platform's own colour (spec §9). */
export const THEME_SWATCHES = [
  THEME_COLOR,
  '#1890ff',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
  '#fa8c16',
  '#304156',
];

const HEX = /^#[0-9a-f]{6}$/i;

type SwitchKey = Exclude<keyof Settings, 'themeColor'>;
const SWITCHES: SwitchKey[] = [
  'showSettings',
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
  'supportPinyinSearch',
];

/**
 * Settings drawer (spec §3 Settings): theme colour and the layout switches. The theme colour recolours
 * the whole interface at once: the Mantine theme derives its palette in the browser, nothing is fetched.
 */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  useSignals();
  const t = useT();
  const current = settings.value;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={320}
      title={t('manage.settingsDrawer.title')}
      data-testid="settings-drawer"
    >
      <Stack gap="md">
        <ColorInput
          label={t('manage.settingsDrawer.themeColor')}
          format="hex"
          value={current.themeColor}
          withEyeDropper={false}
          data-testid="theme-color-input"
          onChange={(value) => {
            if (HEX.test(value)) updateSettings({ themeColor: value.toLowerCase() });
          }}
        />
        <Group gap={6} data-testid="theme-swatches">
          {THEME_SWATCHES.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={color}
              aria-pressed={current.themeColor.toLowerCase() === color}
              data-testid={`theme-swatch-${color.slice(1)}`}
              onClick={() => updateSettings({ themeColor: color })}
              style={{
                width: 24,
                height: 24,
                borderRadius: 4,
                cursor: 'pointer',
                background: color,
                border:
                  current.themeColor.toLowerCase() === color
                    ? '2px solid var(--mantine-color-dark-4)'
                    : '1px solid var(--mantine-color-gray-3)',
              }}
            />
          ))}
        </Group>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => updateSettings({ themeColor: THEME_COLOR })}
          disabled={current.themeColor.toLowerCase() === THEME_COLOR}
        >
          {t('manage.theme.reset')}
        </Button>
        <Divider />
        {SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`manage.settingsDrawer.${key}`)}
            description={key === 'showSettings' ? t('manage.settingsDrawer.showSettingsHint') : undefined}
            checked={current[key]}
            onChange={(event) => updateSettings({ [key]: event.currentTarget.checked })}
            data-testid={`setting-${key}`}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
