// The portal's banners in their order: thumbnail, title, link, schedule and whether the portal shows it
// now; add, edit, move up or down, delete (asked first).
import { ActionIcon, Badge, Button, Card, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { RowActions } from '../../../lib/kit/RowActions.tsx';
import { deleteRequest, editDeleteActions } from '../../../lib/kit/row-action-builders.tsx';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { moveItem } from '../../../lib/utils/move-item.ts';
import { deleteBanner, fetchAdminBanners, orderBanners, type BannerAdmin } from '../api.ts';
import { BannerDrawer } from './BannerDrawer.tsx';

export function BannerPanel() {
  const t = useT();
  const list = useRead({ key: 'admin-banners', fetch: fetchAdminBanners });
  const [editing, setEditing] = useState<BannerAdmin | 'new' | null>(null);
  const [moving, setMoving] = useState(false);
  const confirm = useConfirmAction();
  const rows = list.data?.data ?? [];

  const move = async (index: number, to: number) => {
    const ids = moveItem(rows, index, to).map((b) => b.id);
    setMoving(true);
    try {
      const answer = await orderBanners(ids);
      list.update(() => answer);
    } catch {
      // Toasted by the API client; the list stays as it was.
    } finally {
      setMoving(false);
    }
  };

  const schedule = (b: BannerAdmin) =>
    b.shows_from || b.shows_until
      ? `${b.shows_from ? isoDateTime(b.shows_from) : t('portalHome.always')} ~ ${
          b.shows_until ? isoDateTime(b.shows_until) : t('portalHome.always')
        }`
      : t('portalHome.always');

  return (
    <Card withBorder data-testid="banner-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t('portalHome.banners')}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing('new')}
          data-testid="banner-add"
        >
          {t('portalHome.addBanner')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" fz="sm" ta="center" py="md">
          {list.loading ? '…' : t('portalHome.noBanners')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t('portalHome.image')}</Table.Th>
                <Table.Th>{t('portalHome.bannerTitle')}</Table.Th>
                <Table.Th>{t('portalHome.schedule')}</Table.Th>
                <Table.Th w={90} />
                <Table.Th w={150} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b, index) => (
                <Table.Tr key={b.id} data-testid={`banner-row-${b.id}`}>
                  <Table.Td>
                    <Image src={b.image_url} alt="" w={140} h={44} radius="sm" fit="cover" />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text fz="sm">{b.title}</Text>
                      <Text fz="xs" c="dimmed">
                        {b.link || '—'}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="xs">{schedule(b)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={b.showing ? 'teal' : 'gray'} data-testid="banner-showing">
                      {b.showing ? t('portalHome.showing') : t('portalHome.notShowing')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('portalHome.up')}
                        disabled={index === 0 || moving}
                        onClick={() => void move(index, index - 1)}
                        data-testid={`banner-up-${b.id}`}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('portalHome.down')}
                        disabled={index === rows.length - 1 || moving}
                        onClick={() => void move(index, index + 1)}
                        data-testid={`banner-down-${b.id}`}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <RowActions
                        actions={editDeleteActions({
                          onEdit: () => setEditing(b),
                          onDelete: () =>
                            confirm.ask(
                              deleteRequest({
                                title: t('portalHome.deleteTitle'),
                                message: t('portalHome.deleteMessage', { title: b.title }),
                                confirmLabel: t('portalHome.delete'),
                                remove: () => deleteBanner(b.id),
                                doneMessage: t('portalHome.deleted'),
                                onDone: list.refresh,
                                confirmTestId: 'banner-delete-confirm',
                              }),
                            ),
                          editLabel: t('portalHome.edit'),
                          deleteLabel: t('portalHome.delete'),
                          testIdPrefix: 'banner',
                          testIdSuffix: b.id,
                        })}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <BannerDrawer
        banner={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.refresh();
        }}
      />
      {confirm.dialog}
    </Card>
  );
}
