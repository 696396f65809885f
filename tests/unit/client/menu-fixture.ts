// Builds menu items the way the server's GET /v1/user/menus answers them, with the server's own pinyin.
import type { MenuItem } from '../../../src/shared/menus/schema.ts';
import { titlePinyin } from '../../../src/server/menus/service.ts';

export interface MenuItemExtra {
  hidden?: boolean;
  children?: MenuItem[];
  component?: string;
  redirect?: string;
  query?: string;
  system?: number;
  affix?: boolean;
  noCache?: boolean;
}

export function menuItem(name: string, path: string, title: string, extra: MenuItemExtra = {}): MenuItem {
  const hidden = extra.hidden ?? false;
  const system = extra.system ?? 1;
  return {
    path,
    name,
    component: extra.component ?? path.replace('/manage/', ''),
    redirect: extra.redirect ?? null,
    hidden,
    system,
    meta: {
      title,
      icon: '',
      affix: extra.affix ?? false,
      index: extra.query ? `${path}?${extra.query}` : path,
      roles: null,
      unRoles: null,
      system,
      hidden,
      noCache: extra.noCache ?? false,
      opened: false,
      query: extra.query ? Object.fromEntries(new URLSearchParams(extra.query)) : null,
      pinyin: titlePinyin(title),
    },
    children: extra.children ?? [],
  };
}
