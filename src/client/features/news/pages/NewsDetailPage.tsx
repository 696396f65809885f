// /newsDetail?id=: a news item or notice: title, category, published date, views, cover, body,
// attachments and the previous and next ones. Read once, it stays readable offline (marked stale).
import { Stack } from '@mantine/core';
import {
  ArticleBody,
  ArticleFrame,
  ArticleHeading,
  ArticleState,
  useArticle,
} from '../components/ArticleView.tsx';

export default function NewsDetailPage() {
  const { id, read } = useArticle();
  const article = read.data;
  return (
    <ArticleFrame tab={article?.kind === 'notice' ? 'notice' : 'news'}>
      <ArticleState id={id} read={read} tab="news" />
      {article && (
        <Stack gap="md" data-testid="news-detail">
          <ArticleHeading article={article} read={read} />
          <ArticleBody article={article} />
        </Stack>
      )}
    </ArticleFrame>
  );
}
