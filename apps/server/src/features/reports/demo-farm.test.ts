import { formatKes, REPORT_CATEGORIES, REPORT_CATEGORY_LABELS, shiftDay } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFarmData } from '../../scripts/farm-data.js';
import { createTestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';
import { pdfText } from '../../test/pdf-text.js';
import { reportContext } from '../../test/report-context.js';
import { gathererOf } from './gather/index.js';
import { createRenderPool } from './render/pool.js';

/**
 * Each category's report of a demo farm (the seed's records), gathered and rendered through
 * the worker pool as the job does, then read back: the PDF's text names the farm and the
 * period and carries the totals SQL gives over the raw rows.
 */
let app: FastifyInstance;
let farmId: number;
const pool = createRenderPool({ maxThreads: 1 });
const start = () => shiftDay(today(), -120);

beforeAll(async () => {
  app = await createTestApp();
  const owner = await createUser(app);
  farmId = owner.farm.id;
  await seedFarmData(app.db, farmId, owner.user.id, { flocks: 4, years: 1, extraVaccinationsPerFlock: 1 });
});
afterAll(() => pool.close());

/** An amount as the PDF's text reads it back (its no-break space a space). */
const shown = (cents: number) => formatKes(cents).replace(/[\s\u00a0]+/g, ' ');
const sumOf = async (sql: string) => Number((await app.database.query<{ n: string | null }>(sql, [farmId, start(), today()]))[0]?.n ?? 0);

async function rendered(category: (typeof REPORT_CATEGORIES)[number]) {
  const request = reportContext(farmId, { category, start: start(), end: today(), farmName: 'Mwangaza Poultry' });
  expect(await gathererOf(category).hasData(app.db, request)).toBe(true);
  const files = await pool.render(await gathererOf(category).gather(app.db, request));
  expect(Buffer.from(files.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  return (await pdfText(files.pdf)).join(' ');
}

describe('each category rendered for a demo farm', () => {
  it.each(REPORT_CATEGORIES)('%s: the farm, the period and the title are on the first page', async (category) => {
    const text = await rendered(category);
    expect(text).toContain('Mwangaza Poultry');
    expect(text).toContain(`${REPORT_CATEGORY_LABELS[category]} Report`);
    expect(text).toMatch(/Period: \d{2} \w{3} \d{4} – \d{2} \w{3} \d{4}/);
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('the sales and financial reports carry the revenue SQL sums, to the cent', async () => {
    const revenue = await sumOf('select sum(amount_cents) as n from sales where farm_id = $1 and date between $2 and $3');
    expect(revenue).toBeGreaterThan(0);
    expect(await rendered('sales')).toContain(shown(revenue));
    expect(await rendered('financial')).toContain(shown(revenue));
  });

  it('the expense report carries the spending SQL sums', async () => {
    const spent = await sumOf('select sum(amount_cents) as n from expenses where farm_id = $1 and date between $2 and $3');
    expect(spent).toBeGreaterThan(0);
    expect(await rendered('expense')).toContain(shown(spent));
  });

  it('the egg report carries the eggs SQL counts', async () => {
    const eggs = await sumOf('select sum(eggs_collected) as n from egg_productions where farm_id = $1 and date_produced between $2 and $3');
    expect(eggs).toBeGreaterThan(0);
    expect(await rendered('eggProduction')).toContain(new Intl.NumberFormat('en-KE').format(eggs));
  });
});
