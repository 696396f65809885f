// Date pickers in the interface language (month and weekday names via dayjs locales), weeks from Monday.
import { DatesProvider } from '@mantine/dates';
import { useSignals } from '@preact/signals-react/runtime';
import 'dayjs/locale/es';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { language } from '../state/preferences.ts';

const DAYJS_LOCALE = { zh: 'zh-cn', en: 'en', es: 'es', ja: 'ja' } as const;

export function LocalizedDatesProvider({ children }: { children: ReactNode }) {
  useSignals();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[language.value], firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
