// The spec's pagination (§9: sizes 10/20/30/50, layout total/sizes/prev/pager/next/jumper, back to the top
// in 800 ms on a page change), under ListTable and under the learner pages' own lists (via LazyPager).
import { Group, NumberInput, Pagination, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { PAGINATION } from '../../../shared/api/constants.ts';
import { useT } from '../i18n/index.ts';
import { scrollTo } from '../utils/scroll-to.ts';

export interface PagerProps {
  total: number;
  page: number;
  limit: number;
  onChange: (page: number, limit: number) => void;
  pageSizes?: readonly number[];
  /** Scroll the page back to the top after a change (spec default: yes, 800 ms). */
  autoScroll?: boolean;
  disabled?: boolean;
}

/** Pagination in the spec's layout: total, sizes, prev, pager, next, jumper. */
export function Pager({
  total,
  page,
  limit,
  onChange,
  pageSizes = PAGINATION.pageSizes,
  autoScroll = true,
  disabled,
}: PagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / limit));
  const [jump, setJump] = useState<string | number>('');
  const change = (nextPage: number, nextLimit: number) => {
    onChange(nextPage, nextLimit);
    if (autoScroll) scrollTo(0, PAGINATION.scrollToTopMs);
  };
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap" data-testid="pager">
      <Text fz="sm" c="dimmed" data-testid="pager-total">
        {t('common.pagination.total', { total })}
      </Text>
      <Select
        w={110}
        aria-label={t('common.pagination.perPage', { size: limit })}
        data={pageSizes.map((size) => ({
          value: String(size),
          label: t('common.pagination.perPage', { size }),
        }))}
        value={String(limit)}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && change(1, Number(value))}
        data-testid="pager-sizes"
      />
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(next) => change(next, limit)}
        disabled={disabled}
        siblings={1}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('common.pagination.prev') }
            : control === 'next'
              ? { 'aria-label': t('common.pagination.next') }
              : {}
        }
      />
      <Group gap={6} wrap="nowrap">
        <Text fz="sm" c="dimmed">
          {t('common.pagination.jumpTo')}
        </Text>
        <NumberInput
          w={70}
          min={1}
          max={pages}
          hideControls
          value={jump}
          disabled={disabled}
          aria-label={t('common.pagination.jumpTo')}
          onChange={setJump}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            const target = Math.min(Math.max(1, Math.trunc(Number(jump) || 1)), pages);
            setJump('');
            if (target !== page) change(target, limit);
          }}
          data-testid="pager-jumper"
        />
      </Group>
    </Group>
  );
}
