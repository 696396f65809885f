// The portal's home page (/) as HTML, for the server to send before any script: the largest thing on its first
// screen, the banner, is there as soon as the page arrives on a weak network (docs/first-paint.md). It
// renders the page's own carousel (features/portal BannerCarousel) from the same first answer the page
// renders on its first render (the banners the server writes into the page), in the app's theme and the
// visitor's language and size; the frame stands where PortalPage puts the carousel (its container, below the
// header the shell's bar stands for). The build (scripts/web/first-paint.ts) bundles this module for the
// server and keeps, from the built stylesheets, the rules its markup uses; the page's first render replaces
// the markup (no hydration).
import { Container, MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { THEME_COLOR } from '../../../shared/api/constants.ts';
import type { Banner } from '../../../shared/portal/schema.ts';
import {
  FIRST_PAINT_ATTRIBUTE,
  PORTAL_PAGE_PATH,
  type FirstPaintModule,
  type FirstPaintOptions,
} from '../../../shared/pwa/first-paint.ts';
import { BannerCarousel } from '../../features/portal/components/BannerCarousel.tsx';
import { loadLanguage } from '../../lib/i18n/index.ts';
import { language } from '../../lib/state/preferences.ts';
import { buildTheme, cssVariablesResolver } from '../theme.ts';

/** The banners' answer (shared/portal bannerListAnswer), told without zod: the server sent it. */
function isBannerList(answer: unknown): answer is { data: Banner[] } {
  const list = answer as { data?: unknown } | null | undefined;
  return Array.isArray(list?.data);
}

/** The home page's banner carousel for the banners' answer ('' for no banners or anything else). */
export const render: FirstPaintModule['render'] = async (answer, { lang, size }: FirstPaintOptions) => {
  if (!isBannerList(answer) || answer.data.length === 0) return '';
  await loadLanguage(lang);
  // Set right before the synchronous render, so no other request's render comes in between.
  language.value = lang;
  return renderToStaticMarkup(
    <MantineProvider theme={buildTheme(THEME_COLOR, size)} cssVariablesResolver={cssVariablesResolver}>
      <Router ssrPath={PORTAL_PAGE_PATH}>
        <div {...{ [FIRST_PAINT_ATTRIBUTE]: 'portal' }}>
          <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
            <BannerCarousel banners={answer.data} loading={false} />
          </Container>
        </div>
      </Router>
    </MantineProvider>,
  );
};
