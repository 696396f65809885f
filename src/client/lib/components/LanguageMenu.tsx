// The language picker's dropdown (Menu: popover, floating-ui, focus handling): its own chunk, loaded when
// the picker is first used, because the picker sits in the header of every first paint.
import { Button, Menu, type ButtonProps } from '@mantine/core';
import { LANGUAGES, type Language } from '../../../shared/api/constants.ts';
import { changeLanguage } from '../i18n/index.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

export default function LanguageMenu({
  current,
  buttonProps,
}: {
  current: Language;
  buttonProps: ButtonProps & Record<`aria-${string}` | `data-${string}`, string>;
}) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <Button {...buttonProps}>{LANGUAGE_NAMES[current]}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang === 'zh' ? 'zh-CN' : lang}
            data-testid={`language-option-${lang}`}
            fw={lang === current ? 700 : undefined}
            onClick={() => void changeLanguage(lang)}
          >
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
