import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearch } from 'wouter';
import { ApiError } from '../../../lib/api/errors.ts';
import { readKey, useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { openMessage } from '../api.ts';
import { refreshUnreadCount } from '../unread-count.ts';

/** `/userCenter/myNotifyInfo?id=`: one message; opening it marks it read. */
export default function MyNotifyInfoPage() {
  const t = useT();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const message = useRead(
    valid
      ? {
          key: readKey('message', id),
          fetch: async () => {
            const item = await openMessage(id);
            // Opening it marked it read: the header's count follows.
            void refreshUnreadCount();
            return item;
          },
        }
      : null,
  );
  const notFound = !valid || (message.error instanceof ApiError && message.error.status === 404);

  const item = message.data;
  let content;
  if (message.loading) {
    content = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (notFound) {
    content = (
      <Alert color="gray" data-testid="notify-not-found">
        {t('notifications.notFound')}
      </Alert>
    );
  } else if (!item) {
    content = (
      <Alert color="red" title={t('common.loadFailed')} data-testid="notify-error">
        <Button size="xs" variant="light" color="red" onClick={message.refresh}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    content = (
      <Card withBorder radius="md" padding="lg" data-testid="notify-detail">
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="md" data-testid="notify-title">
              {item.title}
            </Title>
            {item.broadcast && (
              <Badge size="sm" variant="light">
                {t('notifications.broadcast')}
              </Badge>
            )}
          </Group>
          <Text fz="xs" c="dimmed">
            {isoDateTime(item.created_at)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="notify-body">
            {item.body}
          </Text>
          {item.link && item.link.startsWith('/') && (
            <Anchor component={Link} href={item.link} fz="sm">
              {t('notifications.link')}
            </Anchor>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md" data-testid="my-notify-info-page">
      <Group>
        <Button
          component={Link}
          href="/userCenter/myNotify"
          variant="subtle"
          size="xs"
          leftSection={<IconArrowLeft size={14} />}
        >
          {t('notifications.back')}
        </Button>
      </Group>
      {content}
    </Stack>
  );
}
