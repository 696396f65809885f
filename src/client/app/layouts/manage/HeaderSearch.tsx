import { ActionIcon, Select, Tooltip, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { SYSTEMS } from '../../../../shared/api/constants.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { language, settings } from '../../../lib/state/preferences.ts';
import { menuTree } from '../../menus/state.ts';
import { useMenuTitle, systemTitleWith } from './menu-title.ts';
import type { RouteSearch, SearchableRoute } from './route-search.ts';

// fuse.js is fetched the first time the search opens, not with every back-office page.
const loadSearchModule = () => import('./route-search.ts');

/** Header route search (spec §2): fuzzy over the pages the administrator may open; pinyin in Chinese. */
export function HeaderSearch() {
  useSignals();
  const t = useT();
  const title = useMenuTitle();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const tree = menuTree.value;
  const lang = language.value;
  const pinyin = settings.value.supportPinyinSearch && lang === 'zh';
  const searchModule = useRead(open ? { key: 'route-search-module', fetch: loadSearchModule } : null).data;

  const routes = useMemo<SearchableRoute[]>(() => {
    if (!searchModule) return [];
    const systemTitle = systemTitleWith(t, lang);
    const systemName = (index: number) => {
      const key = SYSTEMS.find((system) => system.index === index)?.key ?? '';
      return systemTitle(key, '');
    };
    // Results read "考务管理 / 考试计划 / 考试报名"; the search itself is over the page's own title.
    return searchModule
      .searchableRoutes(tree, (item) => title(item.name, item.meta.title))
      .map((route) =>
        route.system === 0 ? route : { ...route, trail: [systemName(route.system), ...route.trail] },
      );
    // t and title change with the language, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchModule, tree, lang]);
  const search = useMemo<RouteSearch | null>(
    () => searchModule?.createRouteSearch(routes, { pinyin }) ?? null,
    [searchModule, routes, pinyin],
  );

  const data = useMemo(
    () => routes.map((route) => ({ value: route.link, label: route.trail.join(' / ') })),
    [routes],
  );

  const filter: OptionsFilter = ({ search: text }) => {
    if (!search || !text.trim()) return [];
    const byLink = new Map(data.map((item) => [item.value, item]));
    return search(text)
      .map((route) => byLink.get(route.link))
      .filter((item): item is ComboboxParsedItem & { value: string; label: string } => item !== undefined);
  };

  if (!open) {
    return (
      <Tooltip label={t('manage.search.open')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('manage.search.open')}
          onClick={() => setOpen(true)}
          data-testid="header-search-open"
        >
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }

  return (
    <Select
      data={data}
      value={null}
      searchable
      searchValue={query}
      onSearchChange={setQuery}
      filter={filter}
      limit={20}
      autoFocus
      w={{ base: 170, sm: 240 }}
      size="sm"
      leftSection={<IconSearch size={16} />}
      rightSection={<span />}
      placeholder={t('manage.search.placeholder')}
      aria-label={t('manage.search.open')}
      nothingFoundMessage={query.trim() ? t('manage.search.noResults') : undefined}
      comboboxProps={{ withinPortal: true, width: 320, position: 'bottom-end' }}
      data-testid="header-search-input"
      onChange={(link) => {
        if (!link) return;
        setQuery('');
        setOpen(false);
        navigate(link);
      }}
      onBlur={() => {
        setQuery('');
        setOpen(false);
      }}
    />
  );
}
