// /manage/settingManage/systemLog: every administrator write, newest first: who, when, what action on
// which target, from which IP. Filters (administrator, action or a whole area, target, China-time days)
// are kept in the URL; a row opens its before → after summary; the filtered rows export to Excel (capped,
// the cap said beside the button). Read-only: logs are never edited or deleted.
import '@mantine/dates/styles.css';
import { Group, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { chinaToday } from '../../../../shared/api/china-time.ts';
import { SYSTEM_LOG_EXPORT_MAX } from '../../../../shared/system-logs/schema.ts';
import { LocalizedDatesProvider } from '../../../lib/components/DatesProvider.tsx';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ExcelDownloadButton } from '../../../lib/kit/excel/ExcelDownloadButton.tsx';
import { FilterBar, FilterSelect, FilterText } from '../../../lib/kit/FilterBar.tsx';
import { FilterDateRange } from '../../../lib/kit/FilterDateRange.tsx';
import { ListPageTable, type ListPageColumn } from '../../../lib/kit/ListPageTable.tsx';
import { actionsColumn } from '../../../lib/kit/row-action-builders.tsx';
import { useListPage } from '../../../lib/kit/use-list-page.ts';
import { actionLabel } from '../action-label.ts';
import {
  SYSTEM_LOG_FILTERS,
  fetchSystemLogActions,
  fetchSystemLogs,
  systemLogExportPath,
  systemLogParams,
  type SystemLogView,
} from '../api.ts';
import { LogDetailDrawer, logTime } from '../components/LogDetailDrawer.tsx';

/** The action filter's choices: each area in use as a whole (`exam_room.`), then each action. */
function actionOptions(
  actions: readonly string[],
  label: (action: string) => string,
  whole: (area: string) => string,
) {
  const areas = [...new Set(actions.map((a) => a.split('.')[0]!).filter(Boolean))];
  return [
    ...areas.map((area) => ({ value: `${area}.`, label: whole(area) })),
    ...actions.map((action) => ({ value: action, label: `${label(action)} (${action})` })),
  ];
}

export default function SystemLogPage() {
  const t = useT();
  const list = useListPage({
    filters: SYSTEM_LOG_FILTERS,
    fetch: ({ page, limit, filters }) => fetchSystemLogs({ page, limit, ...systemLogParams(filters) }),
  });
  // A failed read leaves the choice empty (the API client has shown the toast).
  const actions = useRead({ key: 'system-log-actions', fetch: fetchSystemLogActions }).data?.data ?? [];
  const [shown, setShown] = useState<SystemLogView | null>(null);
  const areaLabel = (area: string) => {
    const text = actionLabel(t, area);
    return t('systemLogs.filters.wholeArea', { area: text === area ? `${area}.` : text });
  };

  const columns: ListPageColumn<SystemLogView>[] = [
    {
      accessor: 'created_at',
      title: t('systemLogs.columns.time'),
      width: 170,
      render: (log) => logTime(log.created_at),
    },
    {
      accessor: 'administrator_name',
      title: t('systemLogs.columns.administrator'),
      render: (log) => log.administrator_name || t('systemLogs.detail.system'),
    },
    {
      accessor: 'action',
      title: t('systemLogs.columns.action'),
      render: (log) => (
        <Stack gap={0}>
          <Text fz="sm">{actionLabel(t, log.action)}</Text>
          <Text fz="xs" c="dimmed">
            {log.action}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'target_type',
      title: t('systemLogs.columns.target'),
      render: (log) => [log.target_type, log.target_id].filter(Boolean).join(' #') || '—',
    },
    { accessor: 'ip', title: t('systemLogs.columns.ip'), render: (log) => log.ip || '—' },
    actionsColumn((log) => [
      {
        key: 'detail',
        label: t('systemLogs.detail.open'),
        icon: <IconListDetails size={16} />,
        onClick: () => setShown(log),
        testId: `system-log-detail-${log.id}`,
      },
    ]),
  ];

  const exportFilters = systemLogParams(list.query.filters);
  return (
    <LocalizedDatesProvider>
      <Stack gap="md" data-testid="system-log-page">
        <Title order={1} fz="lg">
          {t('systemLogs.title')}
        </Title>
        <FilterBar
          list={list}
          framed
          withReset
          resetLabel={t('systemLogs.filters.reset')}
          actions={
            <Group gap="xs" align="flex-start">
              <ExcelDownloadButton
                path={systemLogExportPath(exportFilters)}
                fileName={t('systemLogs.export.fileName', { date: chinaToday() })}
                label={t('systemLogs.export.label')}
                failedMessage={t('systemLogs.export.failed')}
                data-testid="system-log-export"
              />
            </Group>
          }
        >
          <FilterText
            name="administrator"
            w={200}
            debounceMs={300}
            label={t('systemLogs.filters.administrator')}
            placeholder={t('systemLogs.filters.administratorPlaceholder')}
            data-testid="system-log-administrator-filter"
          />
          <FilterSelect
            name="action"
            w={260}
            searchable
            label={t('systemLogs.filters.action')}
            placeholder={t('systemLogs.filters.allActions')}
            data={actionOptions(actions, (a) => actionLabel(t, a), areaLabel)}
            data-testid="system-log-action-filter"
          />
          <FilterText
            name="target_type"
            w={150}
            debounceMs={300}
            label={t('systemLogs.filters.targetType')}
            data-testid="system-log-target-type-filter"
          />
          <FilterText
            name="target_id"
            w={120}
            debounceMs={300}
            label={t('systemLogs.filters.targetId')}
            data-testid="system-log-target-id-filter"
          />
          <FilterDateRange
            from="date_from"
            to="date_to"
            w={250}
            label={t('systemLogs.filters.dates')}
            placeholder={t('systemLogs.filters.datesPlaceholder')}
            data-testid="system-log-dates"
          />
        </FilterBar>
        <Text fz="xs" c="dimmed" data-testid="system-log-export-cap">
          {t('systemLogs.export.cap', { max: SYSTEM_LOG_EXPORT_MAX })}
        </Text>
        <ListPageTable
          list={list}
          columns={columns}
          onRowClick={setShown}
          rowTestId={(log) => `system-log-row-${log.id}`}
          empty={<Text c="dimmed">{list.filtered ? t('systemLogs.noMatch') : t('systemLogs.empty')}</Text>}
          data-testid="system-log-table"
        />
        <LogDetailDrawer log={shown} onClose={() => setShown(null)} />
      </Stack>
    </LocalizedDatesProvider>
  );
}
