import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CountriesQuery, CountryList } from '../../../shared/schemas/settings';
import type { FeatureDeps } from '../types';

/** Countries for address forms (part 2 §9), any logged-in user. */
export const countryRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, { db }) => {
  app.get('/countries/', { config: { access: 'user' }, schema: { querystring: CountriesQuery, response: { 200: CountryList } } }, async (req) => {
    let q = db.selectFrom('countries').select(['code', 'name_de']).orderBy('sort_index').orderBy('name_de');
    if (req.query.active_only === 'true') q = q.where('is_active', '=', true);
    return q.execute();
  });
};
