// The language picker: a plain button on first paint; its menu (LanguageMenu.tsx) is a chunk of its own,
// loaded when the pointer or focus reaches the button and opened on the first click.
import { Button } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconLanguage } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useT } from '../i18n/index.ts';
import { language } from '../state/preferences.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

export { LANGUAGE_NAMES } from './language-names.ts';

const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(loadMenu);

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
  const [menuUsed, setMenuUsed] = useState(false);
  const buttonProps = {
    variant,
    color,
    leftSection: <IconLanguage size={16} aria-hidden />,
    // The accessible name starts with the visible text (WCAG 2.5.3 "label in name").
    'aria-label': `${LANGUAGE_NAMES[current]} (${t('common.language')})`,
    'aria-haspopup': 'menu',
    'data-testid': 'language-picker',
  } as const;
  const plain = (
    <Button
      {...buttonProps}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setMenuUsed(true)}
    >
      {LANGUAGE_NAMES[current]}
    </Button>
  );
  if (!menuUsed) return plain;
  return (
    <Suspense fallback={plain}>
      <LanguageMenu current={current} buttonProps={buttonProps} />
    </Suspense>
  );
}
