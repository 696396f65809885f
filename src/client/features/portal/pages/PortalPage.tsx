import { Anchor, Box, Container, Group, Stack, Title } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { usePagedList } from '../../../lib/components/use-paged-list.ts';
import { forgetFirstAnswers } from '../../../lib/api/client.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { PORTAL_HOME_TESTS_QUERY } from '../../../../shared/pwa/first-answers.ts';
import { fetchBanners, fetchSkillTests, firstBanners, firstSkillTests, preloadHome } from '../api.ts';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { PortalHeader } from '../../../lib/components/PortalHeader.tsx';
import { SkillTestDetail } from '../components/SkillTestDetail.tsx';
import { SkillTestGrid } from '../components/SkillTestGrid.tsx';

// Below the skill tests, so off the first paint: the course section loads just after it.
const HomeCourses = lazy(() =>
  import('../components/HomeCourses.tsx').then((m) => ({ default: m.HomeCourses })),
);

/** The route preloader starts the page's GETs while its chunks load (app/routes.tsx). */
export const preloadData = preloadHome;

/**
 * `/`: banners, the skill tests open for registration and the newest courses. When the server sent their answers with the
 * page, the first render shows them (over the banner the HTML painted) and nothing is asked.
 */
export default function PortalPage() {
  useSignals();
  const t = useT();
  const loggedIn = isLoggedIn('learner');
  // Banners are decoration: a failure leaves the page without them.
  const banners = useRead({ key: 'portal-banners', fetch: fetchBanners }, { pageAnswer: firstBanners });
  const [detailId, setDetailId] = useState<number | null>(null);
  const tests = usePagedList(
    (query) => fetchSkillTests({ ...query, ...PORTAL_HOME_TESTS_QUERY }),
    [],
    firstSkillTests,
  );
  // Shown: coming back to the page later asks for fresh lists.
  useEffect(forgetFirstAnswers, []);

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="portal-page">
      <PortalHeader active="/" />
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="lg">
          <BannerCarousel banners={banners.data?.data ?? []} loading={banners.loading} />
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
          <Suspense fallback={<Box mih={160} />}>
            <HomeCourses />
          </Suspense>
        </Stack>
      </Container>
      <Box component="footer" py="md" ta="center">
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
      <SkillTestDetail id={detailId} onClose={() => setDetailId(null)} loggedIn={loggedIn} />
    </Box>
  );
}
