// The scores page's content (title, cards or empty state, pager) for an answer: drawn by the page from its
// read, and painted by the server from the same first answer (app/first-paint), so both are one component.
import {
  LearnerListPage,
  type LearnerListQuery,
} from '../../../lib/components/learner-list/learner-list-page.tsx';
import type { ListPaging } from '../../../lib/components/learner-list/use-list-paging.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { LearnerScore } from '../../../../shared/scores/schema.ts';
import { ScoreCardList } from './score-card-list.tsx';

interface MyScoresProps {
  query: LearnerListQuery<LearnerScore>;
  paging: ListPaging;
  onPageChange: (page: number, limit: number) => void;
}

export function MyScores({ query, paging, onPageChange }: MyScoresProps) {
  const t = useT();
  return (
    <LearnerListPage
      title={t('userCenter.nav.achievementQuery')}
      testId="achievement-query-page"
      errorTestId="scores-error"
      query={query}
      paging={paging}
      onPageChange={onPageChange}
      empty={{ text: t('scores.query.empty'), testId: 'scores-empty' }}
    >
      {(scores) => <ScoreCardList scores={scores} />}
    </LearnerListPage>
  );
}
