// The scores page (/userCenter/achievementQuery) as HTML, for the server to send before any script: on a
// weak network a learner sees their results as soon as the page arrives, and the largest thing on the first
// screen (a plan title) is there at once (measured on Lighthouse's mobile profile: docs/first-paint.md).
// It renders the page's own content component (features/scores MyScores) from the same first answer the
// page renders on its first render, in the app's theme and the learner's language and size; the frame
// stands where the user centre's layout puts the page (UserCenterLayout: a phone's padding, the web
// layout's container and its nav column). The build (scripts/web/first-paint.ts) bundles this module for
// the server and keeps, from the built stylesheets, the rules its markup uses; the page's first render
// replaces the markup (no hydration).
import { Container, Grid, MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ListResponse } from '../../../shared/api/errors.ts';
import { THEME_COLOR, WEB_LAYOUT_BREAKPOINT_PX } from '../../../shared/api/constants.ts';
import {
  FIRST_PAINT_ATTRIBUTE,
  type FirstPaintModule,
  type FirstPaintOptions,
} from '../../../shared/pwa/first-paint.ts';
import type { LearnerScore } from '../../../shared/scores/schema.ts';
import { MyScores } from '../../features/scores/components/my-scores.tsx';
import { FIRST_PAGE } from '../../lib/components/learner-list/use-list-paging.ts';
import { loadLanguage } from '../../lib/i18n/index.ts';
import { language } from '../../lib/state/preferences.ts';
import { buildTheme, cssVariablesResolver } from '../theme.ts';

const ignore = () => undefined;

/**
 * The app's theme, its `sm` breakpoint moved to where the user centre switches to its web layout (769 px,
 * useIsWebLayout), so the frame below switches there too; the page's content uses no `sm` prop.
 */
const paintTheme = (size: FirstPaintOptions['size']) => ({
  ...buildTheme(THEME_COLOR, size),
  breakpoints: { sm: `${WEB_LAYOUT_BREAKPOINT_PX / 16}em` },
});

function isScoreList(answer: unknown): answer is ListResponse<LearnerScore> {
  const list = answer as Partial<ListResponse<LearnerScore>> | null | undefined;
  return Array.isArray(list?.data) && typeof list.meta?.total === 'number';
}

/** The page's content for the first page of scores ('' for anything that is not a list of scores). */
export const render: FirstPaintModule['render'] = async (answer, { lang, size }: FirstPaintOptions) => {
  if (!isScoreList(answer)) return '';
  await loadLanguage(lang);
  // Set right before the synchronous render, so no other request's render comes in between.
  language.value = lang;
  return renderToStaticMarkup(
    <MantineProvider theme={paintTheme(size)} cssVariablesResolver={cssVariablesResolver}>
      <div {...{ [FIRST_PAINT_ATTRIBUTE]: 'scores' }}>
        <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'sm', sm: 'lg' }}>
          <Grid gap={{ base: 0, sm: 'lg' }}>
            <Grid.Col span={{ base: 12, sm: 9 }} offset={{ base: 0, sm: 3 }}>
              <MyScores
                query={{ data: answer, refreshing: false, refresh: ignore }}
                paging={FIRST_PAGE}
                onPageChange={ignore}
              />
            </Grid.Col>
          </Grid>
        </Container>
      </div>
    </MantineProvider>,
  );
};
