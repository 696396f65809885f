import { Button, Menu } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGES, type Language } from '../../../shared/api/constants.ts';
import { useT } from '../i18n/index.ts';
import { language, setLanguage } from '../state/preferences.ts';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

/** Language choice (spec §2): switches at once, no reload. */
export function LanguagePicker({
  variant = 'subtle',
  color,
}: {
  variant?: 'subtle' | 'default' | 'transparent';
  color?: string;
}) {
  useSignals();
  const t = useT();
  const current = language.value;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          color={color}
          leftSection={<IconLanguage size={16} />}
          aria-label={t('common.language')}
          data-testid="language-picker"
        >
          {LANGUAGE_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang === 'zh' ? 'zh-CN' : lang}
            data-testid={`language-option-${lang}`}
            fw={lang === current ? 700 : undefined}
            onClick={() => setLanguage(lang)}
          >
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
