import { FIRST_PAGE, useListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { useRead } from '../../../lib/data/use-read.ts';
import { myScoresQuery, pageScores, preloadMyScores } from '../api.ts';
import { MyScores } from '../components/my-scores.tsx';

/** The route preloader starts the first page of scores while the page loads (app/routes.tsx). */
export const preloadData = () => preloadMyScores(FIRST_PAGE);

/** `/userCenter/achievementQuery`: published scores per plan with the certificate; offline after first view, marked stale. */
export default function AchievementQueryPage() {
  const { paging, onPageChange } = useListPaging();
  // The first page may have come with the page: it shows on the first render, as the server painted it.
  const query = useRead(myScoresQuery(paging), { offline: true, pageAnswer: () => pageScores(paging) });
  return <MyScores query={query} paging={paging} onPageChange={onPageChange} />;
}
