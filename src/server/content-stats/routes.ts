// Content statistics (the 'ContentStatistics' page): daily views and downloads over a date range.
import type { FastifyPluginAsync } from 'fastify';
import { contentStatsAnswer, contentStatsQuery } from '../../shared/content-stats/schema.ts';
import { answer } from '../http/answer.ts';
import { parseInput } from '../http/validate.ts';
import { adminPage } from '../plugins/auth.ts';
import { contentStats } from './service.ts';

const statisticsPage = { preHandler: adminPage('ContentStatistics') };

const contentStatsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/admin/content-stats', statisticsPage, async (request) =>
    answer(
      contentStatsAnswer,
      await contentStats(app.db, parseInput(contentStatsQuery, request.query, 'query')),
    ),
  );
};

export default contentStatsRoutes;
