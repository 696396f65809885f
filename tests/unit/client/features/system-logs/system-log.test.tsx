// The system log page's logic: an action in words (area and verb, the raw name for an unknown area), the
// filters as API parameters and export path, and a log row's detail as before → after rows in its drawer.
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actionLabel } from '../../../../../src/client/features/system-logs/action-label.ts';
import {
  SYSTEM_LOG_FILTERS,
  systemLogExportPath,
  systemLogParams,
} from '../../../../../src/client/features/system-logs/api.ts';
import { LogDetailDrawer } from '../../../../../src/client/features/system-logs/components/LogDetailDrawer.tsx';
import { detailRows } from '../../../../../src/client/features/system-logs/detail-rows.ts';
import { t } from '../../../../../src/client/lib/i18n/index.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';
import type { SystemLogView } from '../../../../../src/shared/system-logs/schema.ts';

beforeEach(() => setLanguage('zh'));
afterEach(cleanup);

const fakeT = (key: string) => `[${key}]`;

describe('action labels', () => {
  it('names the area and the verb, and keeps an unknown verb or area raw', () => {
    expect(actionLabel(fakeT, 'exam_room.update')).toBe(
      '[systemLogs.areas.exam_room] · [systemLogs.verbs.update]',
    );
    expect(actionLabel(fakeT, 'exam_room.rebuild')).toBe('[systemLogs.areas.exam_room] · rebuild');
    expect(actionLabel(fakeT, 'spaceship.launch')).toBe('spaceship.launch');
    expect(actionLabel(fakeT, 'auth')).toBe('[systemLogs.areas.auth]');
  });

  it('reads in Chinese from the feature texts', () => {
    expect(actionLabel(t, 'exam_plan.publish')).toBe('考试计划 · 发布');
    expect(actionLabel(t, 'auth.logout')).toBe('登录 · 退出登录');
  });
});

describe('filters', () => {
  it('sends only the filters that are set, trimmed, to the list and to the export', () => {
    const params = systemLogParams({
      ...SYSTEM_LOG_FILTERS,
      administrator: ' 王 ',
      action: 'exam_plan.',
      date_from: '2026-03-01',
      date_to: '2026-03-02',
    });
    expect(params).toEqual({
      administrator: '王',
      action: 'exam_plan.',
      date_from: '2026-03-01',
      date_to: '2026-03-02',
    });
    expect(systemLogExportPath(params)).toBe(
      '/v1/admin/system-logs/export?administrator=%E7%8E%8B&action=exam_plan.&date_from=2026-03-01&date_to=2026-03-02',
    );
    expect(systemLogExportPath(systemLogParams(SYSTEM_LOG_FILTERS))).toBe('/v1/admin/system-logs/export');
  });
});

describe('log detail', () => {
  it('makes one row per changed field and one per other value', () => {
    expect(
      detailRows({ code: 'P1', before: { name: 'A', capacity: 30 }, after: { name: 'B', capacity: null } }),
    ).toEqual({
      changes: [
        { field: 'name', before: 'A', after: 'B' },
        { field: 'capacity', before: '30', after: '—' },
      ],
      values: [{ field: 'code', value: 'P1' }],
    });
    expect(detailRows({ imported: 120, refused: 3, tags: ['a'] })).toEqual({
      changes: [],
      values: [
        { field: 'imported', value: '120' },
        { field: 'refused', value: '3' },
        { field: 'tags', value: '["a"]' },
      ],
    });
  });

  it('shows the row in its drawer with the before → after table', () => {
    const log: SystemLogView = {
      id: 9,
      created_at: '2026-03-01T16:00:05.000Z',
      administrator_id: 1,
      administrator_name: '王主任',
      action: 'exam_site.update',
      target_type: 'exam_site',
      target_id: '4',
      ip: '192.0.2.9',
      detail: { name: '一号考点', before: { address: '旧址' }, after: { address: '新址' } },
    };
    render(
      <MantineProvider env="test">
        <LogDetailDrawer log={log} onClose={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByText('2026-03-02 00:00:05')).toBeTruthy();
    expect(screen.getByText('考点 · 修改')).toBeTruthy();
    const changes = within(screen.getByTestId('system-log-detail-changes'));
    expect(changes.getByText('旧址')).toBeTruthy();
    expect(changes.getByText('新址')).toBeTruthy();
    expect(within(screen.getByTestId('system-log-detail-values')).getByText('一号考点')).toBeTruthy();
  });
});
