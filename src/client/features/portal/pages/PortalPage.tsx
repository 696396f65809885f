import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { usePagedList } from '../../../lib/components/use-paged-list.ts';
import { forgetFirstAnswers } from '../../../lib/api/client.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { isExternal } from '../../../lib/utils/validate.ts';
import { PORTAL_HOME_TESTS_QUERY } from '../../../../shared/pwa/first-answers.ts';
import type { HomeSectionKey } from '../../../../shared/portal-home/schema.ts';
import {
  fetchBanners,
  fetchDraftLayout,
  fetchHomeLayout,
  fetchSkillTests,
  firstBanners,
  firstHomeLayout,
  firstSkillTests,
  preloadHome,
  type PortalHomeLayout,
} from '../api.ts';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { SkillTestDetail } from '../components/SkillTestDetail.tsx';
import { SkillTestGrid } from '../components/SkillTestGrid.tsx';

// Below the skill tests, so off the first paint: the course section loads just after it.
const HomeCourses = lazy(() =>
  import('../components/HomeCourses.tsx').then((m) => ({ default: m.HomeCourses })),
);
// The content sections (news, jobs, downloads) and the footer: one chunk, loaded after the first paint.
const homeContent = () => import('../components/HomeContent.tsx');
const HomeArticles = lazy(() => homeContent().then((m) => ({ default: m.HomeArticles })));
const HomeDownloads = lazy(() => homeContent().then((m) => ({ default: m.HomeDownloads })));
const HomeFooter = lazy(() => homeContent().then((m) => ({ default: m.HomeFooter })));

/** The order before the layout is known (and the order of a portal never edited). */
const DEFAULT_SECTIONS: PortalHomeLayout['sections'] = [
  { key: 'skillTests', visible: true },
  { key: 'courses', visible: true },
  { key: 'news', visible: true },
  { key: 'jobs', visible: true },
  { key: 'downloads', visible: true },
];

/** The route preloader starts the page's GETs while its chunks load (app/routes.tsx). */
export const preloadData = preloadHome;

/** The notice bar of the home layout: its text, a link when it has one. */
function NoticeBar({ notice }: { notice: PortalHomeLayout['notice'] }) {
  const t = useT();
  if (!notice.visible || !notice.text) return null;
  const text = (
    <Text fz="sm" span>
      {notice.text}
    </Text>
  );
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="yellow.0" data-testid="home-notice" role="note">
      <Group gap="xs" wrap="nowrap">
        <Text fz="sm" fw={600} c="orange.8" span style={{ flexShrink: 0 }}>
          {t('portal.home.notice')}
        </Text>
        {!notice.link ? (
          text
        ) : isExternal(notice.link) ? (
          <Anchor href={notice.link} target="_blank" rel="noopener noreferrer" fz="sm">
            {notice.text}
          </Anchor>
        ) : (
          <Anchor component={Link} href={notice.link} fz="sm">
            {notice.text}
          </Anchor>
        )}
      </Group>
    </Paper>
  );
}

/**
 * `/`: banners, the notice bar, then the sections in the order and visibility content management published
 * (skill tests open for registration, courses, news, jobs, downloads), the footer's links and contact. When
 * the server sent the banners, skill tests and layout with the page, the first render shows them (over the
 * banner the HTML painted) and nothing is asked. `/?preview=draft` shows an administrator the saved draft.
 */
export default function PortalPage() {
  useSignals();
  const t = useT();
  const loggedIn = isLoggedIn('learner');
  const preview = new URLSearchParams(useSearch()).get('preview') === 'draft' && isLoggedIn('admin');
  // Banners are decoration: a failure leaves the page without them.
  const banners = useRead({ key: 'portal-banners', fetch: fetchBanners }, { pageAnswer: firstBanners });
  // The layout too: without it the page shows every section in the default order.
  const layout = useRead(
    preview
      ? { key: 'portal-home-draft', fetch: fetchDraftLayout }
      : { key: 'portal-home', fetch: fetchHomeLayout },
    { pageAnswer: preview ? undefined : firstHomeLayout },
  );
  const [detailId, setDetailId] = useState<number | null>(null);
  const tests = usePagedList(
    (query) => fetchSkillTests({ ...query, ...PORTAL_HOME_TESTS_QUERY }),
    [],
    firstSkillTests,
  );
  // Shown: coming back to the page later asks for fresh lists.
  useEffect(forgetFirstAnswers, []);

  const sections = layout.data?.sections ?? DEFAULT_SECTIONS;
  const section: Record<HomeSectionKey, () => ReactNode> = {
    skillTests: () => (
      <Box component="section" aria-labelledby="open-tests-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz={{ base: 'md', sm: 'lg' }} id="open-tests-title">
            {t('portal.openTests')}
          </Title>
          <Anchor component={Link} href="/enroll" fz="sm" data-testid="portal-more-tests">
            {t('portal.more')}
          </Anchor>
        </Group>
        <SkillTestGrid
          tests={tests.rows}
          loading={tests.loading}
          error={tests.error}
          onRetry={tests.reload}
          onDetails={setDetailId}
          loggedIn={loggedIn}
        />
      </Box>
    ),
    courses: () => (
      <Suspense fallback={<Box mih={160} />}>
        <HomeCourses />
      </Suspense>
    ),
    news: () => (
      <Suspense fallback={null}>
        <HomeArticles kind="news" />
      </Suspense>
    ),
    jobs: () => (
      <Suspense fallback={null}>
        <HomeArticles kind="job" />
      </Suspense>
    ),
    downloads: () => (
      <Suspense fallback={null}>
        <HomeDownloads />
      </Suspense>
    ),
  };

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="portal-page">
      <PortalHeader active="/" />
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="lg" data-testid="home-sections">
          <BannerCarousel banners={banners.data?.data ?? []} loading={banners.loading} />
          {layout.data && <NoticeBar notice={layout.data.notice} />}
          {sections
            .filter((s) => s.visible)
            .map((s) => (
              // No box of its own (display: contents): a section that shows nothing leaves no gap.
              <Box key={s.key} display="contents" data-home-section={s.key}>
                {section[s.key]()}
              </Box>
            ))}
        </Stack>
      </Container>
      <Container size="lg" component="footer" py="md" px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          {layout.data && (
            <Suspense fallback={null}>
              <HomeFooter layout={layout.data} />
            </Suspense>
          )}
          <Box ta="center">
            <Anchor
              component={Link}
              href="/certificateVerify"
              fz="sm"
              c="dimmed"
              data-testid="portal-certificate-query"
            >
              {t('certificates.query.link')}
            </Anchor>
          </Box>
        </Stack>
      </Container>
      <SkillTestDetail id={detailId} onClose={() => setDetailId(null)} loggedIn={loggedIn} />
    </Box>
  );
}
