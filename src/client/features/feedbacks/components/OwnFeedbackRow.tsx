// One of the submitter's own work orders in its list (the learner's page, an administrator's drawer):
// category, number and text on the left; a new staff reply, the state and the last change on the right.
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import type { FeedbackView } from '../api.ts';

export function OwnFeedbackRow({
  item,
  onOpen,
  testId,
}: {
  item: FeedbackView;
  onOpen: (id: number) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <UnstyledButton onClick={() => onOpen(item.id)} data-testid={testId}>
      <Card
        withBorder
        radius="md"
        padding="sm"
        style={{ borderLeft: item.unread ? '3px solid var(--mantine-color-red-6)' : undefined }}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Badge size="xs" variant="light">
                {t(`feedbacks.categories.${item.category}`)}
              </Badge>
              <Text fz="xs" c="dimmed">
                #{item.id}
              </Text>
            </Group>
            <Text fz="sm" lineClamp={1}>
              {item.content}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            {item.unread && (
              <Badge size="xs" color="red" variant="filled" data-testid="feedback-unread">
                {t('feedbacks.unread')}
              </Badge>
            )}
            <Badge size="sm" color={item.state === 'closed' ? 'gray' : 'blue'}>
              {t(`feedbacks.states.${item.state}`)}
            </Badge>
            <Text fz="xs" c="dimmed">
              {isoDateTime(item.updated_at)}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
