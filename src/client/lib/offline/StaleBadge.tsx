// Marks data that did not come fresh from the server (PRODUCT.md §4: "stale data is marked as such, with
// when it was fetched"): offline, stale (server failed) or still refreshing, with the fetch time.
import { Badge } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { IconCloudOff, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useT } from '../i18n/index.ts';
import { parseTime, sameChinaDay } from '../utils/format-time.ts';
import { online } from './network.ts';

export interface StaleBadgeProps {
  fetchedAt: number | null | undefined;
  stale?: boolean;
  offline?: boolean;
  refreshing?: boolean;
}

export type StaleState = 'offline' | 'stale' | 'refreshing';

/** Which mark applies, or null for fresh data. */
export function staleState(
  { stale, offline, refreshing }: Omit<StaleBadgeProps, 'fetchedAt'>,
  isOnline: boolean,
): StaleState | null {
  if (!stale && !offline) return null;
  if (offline || !isOnline) return 'offline';
  if (refreshing) return 'refreshing';
  return 'stale';
}

/** Time of day for today's fetches, date + time for older ones; China time, as the page's own times. */
export function fetchedAtText(fetchedAt: number, now: number = Date.now()): string {
  return parseTime(fetchedAt, sameChinaDay(fetchedAt, now) ? '{h}:{i}' : '{y}-{m}-{d} {h}:{i}') ?? '';
}

export function StaleBadge({
  fetchedAt,
  stale = true,
  offline = false,
  refreshing = false,
}: StaleBadgeProps) {
  useSignals();
  const t = useT();
  const state = staleState({ stale, offline, refreshing }, online.value);
  if (!state || !fetchedAt) return null;
  const label =
    state === 'offline'
      ? t('pwa.offlineData')
      : state === 'refreshing'
        ? t('pwa.refreshing')
        : t('pwa.staleData');
  const Icon = state === 'offline' ? IconCloudOff : state === 'refreshing' ? IconRefresh : IconHistory;
  const time = t('pwa.fetchedAt', { time: fetchedAtText(fetchedAt) });
  return (
    // A native title, not a Tooltip: the badge is on first-paint pages and Tooltip brings floating-ui.
    <Badge
      variant="light"
      color={state === 'offline' ? 'gray' : 'orange'}
      c="dark.6"
      w="fit-content"
      leftSection={<Icon size={12} aria-hidden />}
      title={parseTime(fetchedAt) ?? undefined}
      data-testid="stale-badge"
      data-state={state}
      data-fetched-at={fetchedAt}
      role="status"
      style={{ textTransform: 'none' }}
    >
      {label} · {time}
    </Badge>
  );
}
