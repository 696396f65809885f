import type { FastifyPluginAsync } from 'fastify';
import { areasQuery, citiesQuery } from '../../shared/lookups/schema.ts';
import { fieldError } from '../errors.ts';
import { sendCachedJson } from '../http/cacheable.ts';
import { parseInput } from '../http/validate.ts';
import { areasOf, citiesOf, provinces } from './service.ts';

/** Public region cascade (spec §7): province → city ("citie", as the original names it) → county. */
const regionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/skill-tests/region/province', async (request, reply) =>
    sendCachedJson(request, reply, provinces()),
  );

  app.get('/v1/skill-tests/region/citie', async (request, reply) => {
    const query = parseInput(citiesQuery, request.query, 'query');
    const code = query.province_code ?? query.code ?? query.parent_code;
    if (!code) throw fieldError('province_code', '请选择省份');
    const cities = citiesOf(code);
    if (!cities) throw fieldError('province_code', '省份不存在');
    return sendCachedJson(request, reply, cities);
  });

  app.get('/v1/skill-tests/region/area', async (request, reply) => {
    const query = parseInput(areasQuery, request.query, 'query');
    const code = query.city_code ?? query.code ?? query.parent_code;
    if (!code) throw fieldError('city_code', '请选择城市');
    const areas = areasOf(code);
    if (!areas) throw fieldError('city_code', '城市不存在');
    return sendCachedJson(request, reply, areas);
  });
};

export default regionRoutes;
