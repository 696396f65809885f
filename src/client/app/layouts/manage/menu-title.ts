// Menu titles are stored on the server in Chinese (the settings pages may edit them). In Chinese the
// server's title is shown as it is; other languages use the translation of the seeded entry, by name.
import { useT, type Translate } from '../../../lib/i18n/index.ts';
import { language } from '../../../lib/state/preferences.ts';

export type MenuTitle = (name: string, serverTitle: string) => string;

export function menuTitleWith(t: Translate, lang: string): MenuTitle {
  return (name, serverTitle) => {
    if (lang === 'zh' || !name) return serverTitle;
    const key = `manage.menu.${name}`;
    const translated = t(key);
    return translated === key ? serverTitle : translated;
  };
}

/** Subscribes the component to the language, like useT(). */
export function useMenuTitle(): MenuTitle {
  const t = useT();
  return menuTitleWith(t, language.value);
}

/** Header tab title by system key (home, examAffairs, ...); in Chinese the server's (editable) name. */
export function systemTitleWith(t: Translate, lang: string): (key: string, serverTitle: string) => string {
  return (key, serverTitle) => {
    if (lang === 'zh' && serverTitle && serverTitle !== key) return serverTitle;
    const messageKey = `manage.systems.${key}`;
    const translated = t(messageKey);
    return translated === messageKey ? serverTitle : translated;
  };
}
