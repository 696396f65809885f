// Where the news and job pages send the visitor.
import type { NewsTab } from './api.ts';

export const newsListHref = (tab: NewsTab = 'news') => (tab === 'news' ? '/news' : `/news?tab=${tab}`);
export const articleHref = (article: { id: number; kind: string }) =>
  article.kind === 'job' ? `/jobDetail?id=${article.id}` : `/newsDetail?id=${article.id}`;
