// The portal home's sections below the first screen, loaded lazily: the newest news and jobs, the newest
// files for download, and the footer's links and contact details (content management's home layout). A
// list whose call fails (its area not there, a network failure) shows nothing: the home is still usable.
import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isoDateTime } from '../../../lib/utils/iso-time.ts';
import { isExternal } from '../../../lib/utils/validate.ts';
import {
  fetchHomeArticles,
  fetchHomeDownloads,
  type HomeArticle,
  type HomeDownload,
  type PortalHomeLayout,
} from '../api.ts';

/** A portal link: a site path through the router, an external one in a new tab (spec §5). */
export function PortalLink({ href, children, testId }: { href: string; children: string; testId?: string }) {
  return isExternal(href) ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" fz="sm" data-testid={testId}>
      {children}
    </Anchor>
  ) : (
    <Anchor component={Link} href={href} fz="sm" data-testid={testId}>
      {children}
    </Anchor>
  );
}

function SectionFrame({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={{ base: 'md', sm: 'lg' }} id={`${id}-title`}>
          {title}
        </Title>
        <Anchor component={Link} href={more} fz="sm">
          {t('portal.home.more')}
        </Anchor>
      </Group>
      {children}
    </Box>
  );
}

function Rows<T extends { id: number }>({ rows, render }: { rows: T[]; render: (row: T) => ReactNode }) {
  const t = useT();
  if (rows.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        {t('portal.home.empty')}
      </Text>
    );
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>{rows.map((row) => render(row))}</Stack>
    </Paper>
  );
}

export function HomeArticles({ kind }: { kind: 'news' | 'job' }) {
  const t = useT();
  const list = useRead({ key: `portal-home-${kind}`, fetch: () => fetchHomeArticles(kind) });
  const rows = list.data?.data;
  if (!rows) return null;
  const detail = kind === 'job' ? '/jobDetail' : '/newsDetail';
  const id = kind === 'job' ? 'home-jobs' : 'home-news';
  return (
    <SectionFrame id={id} title={t(kind === 'job' ? 'portal.home.jobs' : 'portal.home.news')} more="/news">
      <Rows
        rows={rows}
        render={(a: HomeArticle) => (
          <Group key={a.id} justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} href={`${detail}?id=${a.id}`} fz="sm" lineClamp={1}>
              {a.title}
            </Anchor>
            <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {kind === 'job' && a.employer ? `${a.employer} · ` : ''}
              {isoDateTime(a.published_at, '{y}-{m}-{d}')}
            </Text>
          </Group>
        )}
      />
    </SectionFrame>
  );
}

export function HomeDownloads() {
  const t = useT();
  const list = useRead({ key: 'portal-home-downloads', fetch: fetchHomeDownloads });
  const rows = list.data?.data;
  if (!rows) return null;
  return (
    <SectionFrame id="home-downloads" title={t('portal.home.downloads')} more="/news">
      <Rows
        rows={rows}
        render={(d: HomeDownload) => (
          <Group key={d.id} justify="space-between" wrap="nowrap" gap="sm">
            <Anchor href={`/api/v1/downloads/${d.id}/file`} fz="sm" lineClamp={1} download={d.file_name}>
              {d.title}
            </Anchor>
            <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {isoDateTime(d.updated_at, '{y}-{m}-{d}')}
            </Text>
          </Group>
        )}
      />
    </SectionFrame>
  );
}

/** The footer's links and the contact details; nothing when the layout has neither. */
export function HomeFooter({ layout }: { layout: PortalHomeLayout }) {
  const t = useT();
  const { footer_links: links, contact } = layout;
  const hasContact = Boolean(contact.phone || contact.email || contact.address);
  if (links.length === 0 && !hasContact) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="home-footer">
      {links.length > 0 && (
        <Stack gap={4}>
          <Text fw={500} fz="sm">
            {t('portal.home.links')}
          </Text>
          <Group gap="md">
            {links.map((link, index) => (
              <PortalLink key={index} href={link.url} testId={`home-footer-link-${index}`}>
                {link.title}
              </PortalLink>
            ))}
          </Group>
        </Stack>
      )}
      {hasContact && (
        <Stack gap={2} data-testid="home-contact">
          <Text fw={500} fz="sm">
            {t('portal.home.contact')}
          </Text>
          {contact.phone && (
            <Text fz="sm" c="dimmed">
              {t('portal.home.phone')}：
              <Anchor href={`tel:${contact.phone.replace(/\s/g, '')}`} fz="sm">
                {contact.phone}
              </Anchor>
            </Text>
          )}
          {contact.email && (
            <Text fz="sm" c="dimmed">
              {t('portal.home.email')}：
              <Anchor href={`mailto:${contact.email}`} fz="sm">
                {contact.email}
              </Anchor>
            </Text>
          )}
          {contact.address && (
            <Text fz="sm" c="dimmed">
              {t('portal.home.address')}：{contact.address}
            </Text>
          )}
        </Stack>
      )}
    </SimpleGrid>
  );
}
