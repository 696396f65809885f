// The home layout's draft: the sections' order (up/down) and visibility, the notice bar, footer links
// (add, remove, reorder) and contact details; save the draft, preview it at phone and desktop widths,
// publish it (asked first). Shows whether the draft differs from what the portal shows.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { portalHomeLayoutSchema } from '../../../../shared/portal-home/schema.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useConfirmAction } from '../../../lib/kit/use-confirm-action.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { moveItem } from '../../../lib/utils/move-item.ts';
import { publishHomeDraft, saveHomeDraft, type PortalHomeAdmin, type PortalHomeLayout } from '../api.ts';
import { PreviewModal } from './PreviewModal.tsx';

const sameLayout = (a: PortalHomeLayout, b: PortalHomeLayout) => JSON.stringify(a) === JSON.stringify(b);

export function LayoutPanel({
  home,
  onChange,
}: {
  home: PortalHomeAdmin;
  onChange: (home: PortalHomeAdmin) => void;
}) {
  const t = useT();
  const confirm = useConfirmAction();
  const [previewing, setPreviewing] = useState(false);
  const { form, submitting, handleSubmit } = useSchemaForm({
    mode: 'controlled',
    initialValues: home.draft,
    schema: portalHomeLayoutSchema,
  });
  useEffect(() => {
    form.setValues(home.draft);
    form.resetDirty(home.draft);
    // Only a new answer resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [home]);

  const values = form.values;
  const save = handleSubmit(async (_values, input) => {
    onChange(await saveHomeDraft(input));
    toastSuccess(t('portalHome.draftSaved'));
  });
  const publish = () =>
    confirm.ask({
      title: t('portalHome.publishTitle'),
      message: t('portalHome.publishMessage'),
      confirmLabel: t('portalHome.publish'),
      confirmTestId: 'home-publish-confirm',
      run: async () => {
        onChange(await publishHomeDraft());
        toastSuccess(t('portalHome.published'));
      },
    });
  const dirty = form.isDirty();
  const changed = !sameLayout(home.draft, home.published);

  return (
    <Card withBorder data-testid="layout-panel">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {t('portalHome.layout')}
          </Title>
          <Group gap="xs">
            <Text fz="xs" c="dimmed">
              {home.draft_updated_at
                ? t('portalHome.draftState', { at: isoDateTime(home.draft_updated_at) })
                : ''}
            </Text>
            <Text fz="xs" c="dimmed">
              {home.published_at
                ? t('portalHome.publishedState', { at: isoDateTime(home.published_at) })
                : t('portalHome.neverPublished')}
            </Text>
            <Badge
              variant="light"
              color={changed ? 'orange' : 'teal'}
              data-testid="home-draft-state"
              data-changed={changed}
            >
              {changed ? t('portalHome.unpublishedChanges') : t('portalHome.upToDate')}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={14} />}
            onClick={() => setPreviewing(true)}
            disabled={dirty}
            data-testid="home-preview"
          >
            {t('portalHome.preview')}
          </Button>
          <Button variant="light" loading={submitting} onClick={() => save()} data-testid="home-save-draft">
            {t('portalHome.saveDraft')}
          </Button>
          <Button onClick={publish} disabled={dirty || !changed} data-testid="home-publish">
            {t('portalHome.publish')}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Text fw={500} fz="sm">
            {t('portalHome.sections')}
          </Text>
          {values.sections.map((section, index) => (
            <Paper key={section.key} withBorder p="xs" data-testid={`home-section-${section.key}`}>
              <Group justify="space-between" wrap="nowrap">
                <Text fz="sm">{t(`portalHome.section.${section.key}`)}</Text>
                <Group gap={4} wrap="nowrap">
                  <Switch
                    size="sm"
                    label={t('portalHome.visible')}
                    {...form.getInputProps(`sections.${index}.visible`, { type: 'checkbox' })}
                    data-testid={`home-section-visible-${section.key}`}
                  />
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('portalHome.up')}
                    disabled={index === 0}
                    onClick={() =>
                      form.setFieldValue('sections', moveItem(values.sections, index, index - 1))
                    }
                    data-testid={`home-section-up-${section.key}`}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('portalHome.down')}
                    disabled={index === values.sections.length - 1}
                    onClick={() =>
                      form.setFieldValue('sections', moveItem(values.sections, index, index + 1))
                    }
                    data-testid={`home-section-down-${section.key}`}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}

          <Text fw={500} fz="sm" mt="sm">
            {t('portalHome.notice')}
          </Text>
          <Switch
            label={t('portalHome.visible')}
            {...form.getInputProps('notice.visible', { type: 'checkbox' })}
            data-testid="home-notice-visible"
          />
          <TextInput
            label={t('portalHome.noticeText')}
            {...form.getInputProps('notice.text')}
            data-testid="home-notice-text"
          />
          <TextInput
            label={t('portalHome.noticeLink')}
            description={t('portalHome.linkHint')}
            {...form.getInputProps('notice.link')}
            data-testid="home-notice-link"
          />
        </Stack>

        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={500} fz="sm">
              {t('portalHome.footerLinks')}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('footer_links', { title: '', url: '' })}
              data-testid="home-footer-add"
            >
              {t('portalHome.addFooterLink')}
            </Button>
          </Group>
          {values.footer_links.map((_link, index) => (
            <Group key={index} gap={4} align="flex-start" wrap="nowrap" data-testid={`home-footer-${index}`}>
              <TextInput
                flex={1}
                size="xs"
                placeholder={t('portalHome.linkTitle')}
                aria-label={t('portalHome.linkTitle')}
                {...form.getInputProps(`footer_links.${index}.title`)}
              />
              <TextInput
                flex={2}
                size="xs"
                placeholder={t('portalHome.linkUrl')}
                aria-label={t('portalHome.linkUrl')}
                {...form.getInputProps(`footer_links.${index}.url`)}
              />
              <ActionIcon
                variant="subtle"
                aria-label={t('portalHome.up')}
                disabled={index === 0}
                onClick={() => form.reorderListItem('footer_links', { from: index, to: index - 1 })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('portalHome.remove')}
                onClick={() => form.removeListItem('footer_links', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}

          <Text fw={500} fz="sm" mt="sm">
            {t('portalHome.contact')}
          </Text>
          <TextInput
            label={t('portalHome.phone')}
            {...form.getInputProps('contact.phone')}
            data-testid="home-contact-phone"
          />
          <TextInput
            label={t('portalHome.email')}
            {...form.getInputProps('contact.email')}
            data-testid="home-contact-email"
          />
          <TextInput
            label={t('portalHome.address')}
            {...form.getInputProps('contact.address')}
            data-testid="home-contact-address"
          />
        </Stack>
      </SimpleGrid>
      <PreviewModal opened={previewing} onClose={() => setPreviewing(false)} />
      {confirm.dialog}
    </Card>
  );
}
