// An administrator's own work orders (header drawer): the list marks an unread staff reply, "new" files one
// through the administrator's own calls (never the learner's), and a row opens its thread with the reply box.
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackDetail, FeedbackView } from '../../../../../src/shared/feedbacks/schema.ts';
import { setLanguage } from '../../../../../src/client/lib/state/preferences.ts';

const order: FeedbackView = {
  id: 7,
  submitter_type: 'administrators',
  submitter_id: 3,
  submitter_name: '院校管理员',
  category: 'other',
  category_label: '其他',
  content: '考场导出按钮无响应',
  attachments: [],
  state: 'in_progress',
  state_label: '处理中',
  assignee_id: null,
  assignee_name: null,
  reply_count: 1,
  last_reply_at: '2026-03-01T02:00:00.000Z',
  unread: true,
  created_at: '2026-03-01T01:00:00.000Z',
  updated_at: '2026-03-01T02:00:00.000Z',
};
const detail: FeedbackDetail = {
  ...order,
  unread: false,
  replies: [
    {
      id: 1,
      author_type: 'administrators',
      author_id: 2,
      author_name: '平台管理员',
      by_submitter: false,
      content: '已修复，请重试',
      attachments: [],
      created_at: '2026-03-01T02:00:00.000Z',
    },
  ],
};

const calls = vi.hoisted(() => ({
  list: vi.fn(),
  get: vi.fn(),
  create: vi.fn(),
  reply: vi.fn(),
  close: vi.fn(),
  learnerCreate: vi.fn(),
}));
vi.mock('../../../../../src/client/features/feedbacks/api.ts', () => {
  const admin = {
    apiType: 'administrators',
    key: 'admin-own-feedback',
    list: calls.list,
    get: calls.get,
    create: calls.create,
    reply: calls.reply,
    close: calls.close,
  };
  return {
    adminOwnFeedbacks: admin,
    learnerOwnFeedbacks: { ...admin, apiType: 'learners', key: 'my-feedback', create: calls.learnerCreate },
    fetchAdminOwnFeedbacks: calls.list,
  };
});
const { default: MyWorkOrdersDrawer } =
  await import('../../../../../src/client/features/feedbacks/components/MyWorkOrdersDrawer.tsx');

const renderDrawer = () =>
  render(
    <MantineProvider env="test">
      <MyWorkOrdersDrawer opened onClose={() => {}} />
    </MantineProvider>,
  );

beforeEach(() => {
  setLanguage('zh');
  calls.list.mockResolvedValue({ data: [order], meta: { total: 1, page: 1, limit: 10 } });
  calls.get.mockResolvedValue(detail);
  calls.create.mockResolvedValue({ ...detail, id: 8, replies: [] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('my work orders drawer', () => {
  it('lists the own work orders and marks an unread staff reply', async () => {
    renderDrawer();
    const row = await screen.findByTestId('my-work-order-row-7');
    expect(within(row).getByText('考场导出按钮无响应')).toBeTruthy();
    expect(within(row).getByTestId('feedback-unread')).toBeTruthy();
    expect(calls.list).toHaveBeenCalledWith({ page: 1, limit: 10 });
  });

  it('says so when there is none', async () => {
    calls.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, limit: 10 } });
    renderDrawer();
    expect((await screen.findByTestId('my-work-orders-empty')).textContent).toBe('您还没有提交过工单');
  });

  it('an empty form is refused on its fields and sends nothing', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('my-work-order-new'));
    fireEvent.click(await screen.findByTestId('feedback-submit'));
    await screen.findByText('请选择问题类别');
    expect(screen.getByText('请填写问题描述')).toBeTruthy();
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('files a new one through the administrator calls and then shows its thread', async () => {
    renderDrawer();
    fireEvent.click(await screen.findByTestId('my-work-order-new'));
    fireEvent.click(await screen.findByTestId('feedback-category'));
    fireEvent.click(await screen.findByRole('option', { name: '其他' }));
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: '考场导出按钮无响应' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() =>
      expect(calls.create).toHaveBeenCalledWith({
        category: 'other',
        content: '考场导出按钮无响应',
        attachments: [],
      }),
    );
    expect(calls.learnerCreate).not.toHaveBeenCalled();
    await waitFor(() => expect(calls.get).toHaveBeenCalledWith(8));
  });

  it('opens a thread with the staff reply and sends a reply', async () => {
    calls.reply.mockResolvedValue(detail);
    renderDrawer();
    fireEvent.click(await screen.findByTestId('my-work-order-row-7'));
    const thread = await screen.findByTestId('feedback-thread');
    expect(within(thread).getByText('已修复，请重试')).toBeTruthy();
    expect(within(thread).getByText('我')).toBeTruthy();
    fireEvent.change(screen.getByTestId('feedback-reply-input'), { target: { value: '可以了' } });
    fireEvent.click(screen.getByTestId('feedback-reply-send'));
    await waitFor(() => expect(calls.reply).toHaveBeenCalledWith(7, { content: '可以了', attachments: [] }));
    expect(screen.getByTestId('feedback-close')).toBeTruthy();
  });
});
