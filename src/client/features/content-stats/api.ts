// GET /v1/admin/content-stats: the statistics page's figures for a date range (the server's default when
// none is given: the last 30 days).
import { contentStatsAnswer } from '../../../shared/content-stats/schema.ts';
import { api } from '../../lib/api/client.ts';

export type { ContentStats, ContentStatsTopItem } from '../../../shared/content-stats/schema.ts';

export const fetchContentStats = (from: string, to: string) =>
  api.get('/v1/admin/content-stats', contentStatsAnswer, {
    apiType: 'administrators',
    params: from && to ? { from, to } : {},
  });
