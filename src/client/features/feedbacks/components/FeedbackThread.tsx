// A work order's thread: the first message, each reply (the submitter's on one side, staff's on the
// other) with its screenshots, and a reply box with up to three screenshots while the order is open.
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FeedbackDetail, FeedbackReplyInput } from '../../../../shared/feedbacks/schema.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { ApiType } from '../../../lib/state/session.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { ScreenshotPicker, type PickedShot } from './ScreenshotPicker.tsx';
import { Screenshots } from './Screenshots.tsx';

export function FeedbackThread({
  order,
  apiType,
  onReply,
  sending,
  asSubmitter,
}: {
  order: FeedbackDetail;
  apiType: ApiType;
  onReply: (input: FeedbackReplyInput) => Promise<unknown>;
  sending: boolean;
  /** whether the reader filed it ("我"): the back office's handling view says false */
  asSubmitter?: boolean;
}) {
  const t = useT();
  const [content, setContent] = useState('');
  const [shots, setShots] = useState<PickedShot[]>([]);
  const mine = asSubmitter ?? apiType === order.submitter_type;
  const send = async () => {
    if (!content.trim()) return;
    await onReply({ content, attachments: shots.map((s) => s.id) });
    setContent('');
    setShots([]);
  };
  return (
    <Stack gap="sm" data-testid="feedback-thread">
      <Paper withBorder p="sm">
        <Group justify="space-between" mb={4}>
          <Text fz="sm" fw={500}>
            {mine ? t('feedbacks.me') : order.submitter_name}
          </Text>
          <Text fz="xs" c="dimmed">
            {isoDateTime(order.created_at)}
          </Text>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {order.content}
        </Text>
        <Screenshots files={order.attachments} apiType={apiType} />
      </Paper>
      {order.replies.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('feedbacks.noReplies')}
        </Text>
      )}
      {order.replies.map((r) => (
        <Paper
          key={r.id}
          withBorder
          p="sm"
          ml={r.by_submitter ? 0 : 'xl'}
          mr={r.by_submitter ? 'xl' : 0}
          bg={r.by_submitter ? undefined : 'var(--mantine-color-blue-light)'}
          data-testid={`feedback-reply-${r.id}`}
        >
          <Group justify="space-between" mb={4}>
            <Group gap="xs">
              <Text fz="sm" fw={500}>
                {r.by_submitter && mine ? t('feedbacks.me') : r.author_name}
              </Text>
              {!r.by_submitter && (
                <Badge size="xs" variant="light">
                  {t('feedbacks.staff')}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="dimmed">
              {isoDateTime(r.created_at)}
            </Text>
          </Group>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {r.content}
          </Text>
          <Screenshots files={r.attachments} apiType={apiType} />
        </Paper>
      ))}
      {order.state === 'closed' ? (
        <Alert color="gray">{t('feedbacks.closedHint')}</Alert>
      ) : (
        <Stack gap="xs">
          <Textarea
            placeholder={t('feedbacks.replyPlaceholder')}
            aria-label={t('feedbacks.replyPlaceholder')}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={3}
            data-testid="feedback-reply-input"
          />
          <ScreenshotPicker
            value={shots}
            onChange={setShots}
            apiType={apiType}
            testId="feedback-reply-shot"
          />
          <Group justify="flex-end">
            <Button
              onClick={send}
              loading={sending}
              disabled={!content.trim()}
              data-testid="feedback-reply-send"
            >
              {t('feedbacks.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
