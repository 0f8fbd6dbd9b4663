import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;

/** A write through the API that must succeed; its answer's id. */
export async function written(app: FastifyInstance, headers: Headers, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await app.inject({ method, url, headers, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}

/** Records through the API, as a farmer's screens send them (amounts in shillings). */
export const records = (app: FastifyInstance, headers: Headers) => ({
  eggs: (flockId: number, day: string, count: number) =>
    written(app, headers, 'POST', '/api/egg-productions', { flock_id: flockId, date_produced: day, eggs_collected: count, price_per_unit: 0 }),
  sale: (flockId: number, day: string, shillings: number, status = 'paid') =>
    written(app, headers, 'POST', '/api/sales', {
      flock_id: flockId,
      category: 'Manure',
      product: 'Manure',
      quantity: 1,
      unit_price: shillings,
      date: day,
      sale_type: 'Cash',
      status,
    }),
  expense: (flockId: number, day: string, shillings: number) =>
    written(app, headers, 'POST', '/api/expenses', { flock_id: flockId, date: day, description: 'Layers mash', amount: shillings, category: 'Feed' }),
});
