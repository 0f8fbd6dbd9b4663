import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/db/client.js';
import { farmMembers, users } from '../src/db/schema/index.js';
import { register } from '../src/features/auth/service.js';
import { seedFarmData } from '../src/scripts/farm-data.js';
import { EGG_FARM, javascriptMonthSum, seedEggFarm } from './egg-farm.js';
import { economicsRoutes, javascriptEconomics, seedFeedHistory, type FeedHistory, type JavascriptEconomics } from './economics-farm.js';
import { javascriptFigures } from './figures-farm.js';

export const BIG_FARM = { flocks: 1_000, vaccinationsPerFlock: 50 } as const;

export interface BenchFarm {
  identifier: string;
  password: string;
  farmId: number;
  userId: number;
}

/** A verified owner and their farm, registered as the API does. */
export async function addBenchFarm(db: Db, prefix: string): Promise<BenchFarm> {
  const suffix = randomBytes(4).toString('hex');
  const input = { username: `${prefix}_${suffix}`, email: `${prefix}-${suffix}@kuku.test`, password: randomBytes(12).toString('base64url') };
  await register(db, input);
  const [owner] = await db.update(users).set({ emailVerified: true }).where(eq(users.email, input.email)).returning({ id: users.id });
  if (!owner) throw new Error(`${prefix} owner missing`);
  const [member] = await db.select().from(farmMembers).where(eq(farmMembers.userId, owner.id));
  if (!member) throw new Error(`${prefix} has no farm`);
  return { identifier: input.username, password: input.password, farmId: member.farmId, userId: owner.id };
}

/**
 * A farm of 1,000 flocks and 50,000 vaccinations (8 standard + 42 custom per flock). Its
 * flocks keep no egg records: 1,000 flocks over 10 years would be over a million, and the
 * egg routes have their own farm (egg-farm.ts).
 */
async function seedBigFarm(db: Db): Promise<BenchFarm & { vaccinations: number }> {
  const farm = await addBenchFarm(db, 'bigfarm');
  const seeded = await seedFarmData(db, farm.farmId, farm.userId, {
    flocks: BIG_FARM.flocks,
    years: 10,
    extraVaccinationsPerFlock: BIG_FARM.vaccinationsPerFlock - 8,
    eggs: false,
    sales: false,
    expenses: false,
    inventory: false,
  });
  return { ...farm, vaccinations: seeded.vaccinations };
}

export interface BenchFarms {
  big: BenchFarm & { vaccinations: number };
  eggs: BenchFarm & { productions: number; adjustments: number };
  /** The egg farm's statistics the way the original client made them (egg-farm.ts), timed here where the bench holds the database. */
  javascript: Awaited<ReturnType<typeof javascriptMonthSum>>;
  /** The dashboard's and the financial dashboard's figures summed in JavaScript on the egg farm (figures-farm.ts). */
  figuresInJs: Awaited<ReturnType<typeof javascriptFigures>>;
  /** The egg farm's feed over its 10 years (economics-farm.ts): the records, the busy flock and the ranges. */
  feed: FeedHistory;
  /** Each economics read (economicsRoutes' order) made by reading the records whole and summing in JavaScript. */
  economicsInJs: JavascriptEconomics[];
}

/**
 * The big farm and the egg farm, written straight into the stopped server's database (one
 * opening of it), and the JavaScript baseline of the egg statistics measured on it.
 */
export async function seedBenchFarms(dataDir: string, databaseUrl: string | undefined, log: (line: string) => void): Promise<BenchFarms> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    let started = performance.now();
    const big = await seedBigFarm(database.db);
    log(`  big farm: ${BIG_FARM.flocks.toLocaleString('en-US')} flocks, ${big.vaccinations.toLocaleString('en-US')} vaccinations written in ${Math.round(performance.now() - started).toLocaleString('en-US')} ms`);
    started = performance.now();
    const eggFarm = await addBenchFarm(database.db, 'eggfarm');
    const eggs = { ...eggFarm, ...(await seedEggFarm(database.db, eggFarm.farmId, eggFarm.userId)) };
    log(
      `  egg farm: ${EGG_FARM.flocks} laying flocks over ${EGG_FARM.years} years, ${eggs.productions.toLocaleString('en-US')} production records and ` +
        `${eggs.adjustments.toLocaleString('en-US')} adjustments written in ${Math.round(performance.now() - started).toLocaleString('en-US')} ms`,
    );
    const javascript = await javascriptMonthSum(database.db, eggs.farmId);
    log(`  egg farm read whole and summed in JavaScript: ${javascript.rows.toLocaleString('en-US')} rows, median ${Math.round(javascript.medianMs).toLocaleString('en-US')} ms of ${javascript.runs}`);
    const figuresInJs = await javascriptFigures(database.db, eggs.farmId);
    log(
      `  egg farm's dashboard and financial dashboard read whole and summed in JavaScript: median ${Math.round(figuresInJs.dashboard.medianMs).toLocaleString('en-US')} ms ` +
        `(${figuresInJs.dashboard.rows.toLocaleString('en-US')} rows) and ${Math.round(figuresInJs.finance.medianMs).toLocaleString('en-US')} ms (${figuresInJs.finance.rows.toLocaleString('en-US')} rows)`,
    );
    started = performance.now();
    const feed = await seedFeedHistory(database.db, eggs.farmId, eggs.userId);
    log(
      `  egg farm's feed: ${feed.records.toLocaleString('en-US')} feed records written in ${Math.round(performance.now() - started).toLocaleString('en-US')} ms ` +
        `(the busy flock, ${feed.busyFlock.name}: ${feed.busyFlock.feedRecords.toLocaleString('en-US')})`,
    );
    const economicsInJs: JavascriptEconomics[] = [];
    for (const route of economicsRoutes(feed)) {
      const js = await javascriptEconomics(database.db, eggs.farmId, route.range, route.flockId);
      log(`  ${route.label} read whole and summed in JavaScript: ${js.rows.toLocaleString('en-US')} rows, median ${Math.round(js.medianMs).toLocaleString('en-US')} ms of ${js.runs}`);
      economicsInJs.push(js);
    }
    return { big, eggs, javascript, figuresInJs, feed, economicsInJs };
  } finally {
    await database.close();
  }
}

export async function loginBenchUser(baseUrl: string, identifier: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`big farm login answered ${res.status}`);
  return body.token;
}
