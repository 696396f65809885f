import { Anchor, Box, Container, Group, Stack, Title } from '@mantine/core';
import { useSignals } from '@preact/signals-react/runtime';
import { startTransition, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { usePagedList } from '../../../lib/components/use-paged-list.ts';
import { forgetFirstAnswers } from '../../../lib/api/client.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { isLoggedIn } from '../../../lib/state/session.ts';
import { PORTAL_HOME_TESTS_QUERY } from '../../../../shared/pwa/first-answers.ts';
import {
  fetchBanners,
  fetchSkillTests,
  firstBanners,
  firstSkillTests,
  preloadHome,
  type Banner,
} from '../api.ts';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { PortalHeader } from '../components/PortalHeader.tsx';
import { SkillTestDetail } from '../components/SkillTestDetail.tsx';
import { SkillTestGrid } from '../components/SkillTestGrid.tsx';

/** The route preloader starts the page's GETs while its chunks load (app/routes.tsx). */
export const preloadData = preloadHome;

/**
 * `/`: banners and the skill tests open for registration. When the server sent their answers with the
 * page, the first render shows them (over the banner the HTML painted) and nothing is asked.
 */
export default function PortalPage() {
  useSignals();
  const t = useT();
  const loggedIn = isLoggedIn('learner');
  const [banners, setBanners] = useState<{ list: Banner[]; loading: boolean }>(() => {
    const first = firstBanners();
    return first ? { list: first.data, loading: false } : { list: [], loading: true };
  });
  const [detailId, setDetailId] = useState<number | null>(null);
  const tests = usePagedList(
    (query) => fetchSkillTests({ ...query, ...PORTAL_HOME_TESTS_QUERY }),
    [],
    firstSkillTests,
  );
  const bannersLoading = banners.loading;
  // Shown: coming back to the page later asks for fresh lists.
  useEffect(forgetFirstAnswers, []);

  useEffect(() => {
    if (!bannersLoading) return;
    let cancelled = false;
    // As transitions: the page re-renders in slices rather than in one long task.
    fetchBanners().then(
      (answer) => !cancelled && startTransition(() => setBanners({ list: answer.data, loading: false })),
      // Banners are decoration: without them the page still works.
      () => !cancelled && startTransition(() => setBanners({ list: [], loading: false })),
    );
    return () => {
      cancelled = true;
    };
  }, [bannersLoading]);

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" data-testid="portal-page">
      <PortalHeader active="/" />
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="lg">
          <BannerCarousel banners={banners.list} loading={banners.loading} />
          <Box component="section" aria-labelledby="open-tests-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz={{ base: 'md', sm: 'lg' }} id="open-tests-title">
                {t('registration.portal.openTests')}
              </Title>
              <Anchor component={Link} href="/enroll" fz="sm" data-testid="portal-more-tests">
                {t('registration.portal.more')}
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
          {t('certification.query.link')}
        </Anchor>
      </Box>
      <SkillTestDetail id={detailId} onClose={() => setDetailId(null)} loggedIn={loggedIn} />
    </Box>
  );
}
