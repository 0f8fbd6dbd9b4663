/**
 * npm run seed:demo [-- --flocks N --years N]
 *
 * Creates the verified demo account (demo / demo@kuku.farm / kukudemo123) with
 * its farm, idempotently: a second run repairs what a user may have changed
 * (verification, farm name, password) and creates nothing new. It opens the
 * database exactly as the server does, so it takes the DATA_DIR lock and
 * refuses while a server holds it (docs/design.md §9).
 */
import { parseArgs } from 'node:util';
import { registerSchema } from '@kuku/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { DataDirLockedError } from '../db/embedded/data-dir-lock.js';
import { farmMembers, farms, mailOutbox, oneTimeCodes, users } from '../db/schema/index.js';
import { register } from '../features/auth/service.js';
import { seedDemoNotifications } from './demo-notifications.js';
import { seedDemoPayments } from './demo-payments.js';
import { DEMO_STAFF, seedDemoStaff } from './demo-staff.js';
import { seedDemoTexts } from './demo-texts.js';
import { seedDemoReports, seedFarmData } from './farm-data.js';
import { seedDemoSummaries } from './farm-data/summaries.js';
import { hashPassword, verifyPassword } from '../features/auth/secrets.js';
import { seedStockCounts } from './farm-data/stock-counts.js';

const DEMO = {
  username: 'demo',
  email: 'demo@kuku.farm',
  password: 'kukudemo123',
  farmName: 'Demo Poultry Farm',
  timeZone: 'Africa/Nairobi',
  // The M-Pesa sandbox's test number: the simulator pays from it (docs/integrations.md §1.3).
  phone: '254708374149',
} as const;

const USAGE = 'Usage: npm run seed:demo [-- --flocks N --years N]';

function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

class UsageError extends Error {}

interface Options {
  flocks: number | null;
  years: number | null;
}

function positiveInt(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number of at least 1 (got "${value}").\n${USAGE}`);
  return n;
}

function parseOptions(argv: string[]): Options {
  let values: { flocks?: string | undefined; years?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { flocks: { type: 'string' }, years: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  return { flocks: positiveInt('flocks', values.flocks), years: positiveInt('years', values.years) };
}

type Outcome = 'created' | 'existing';

/**
 * The account through the same register() the API uses (so a new farm gets
 * whatever registration gives it), then the demo's own facts on top: verified,
 * its farm name, no verification code or mail left waiting.
 */
async function ensureDemoAccount(db: Db): Promise<{ outcome: Outcome; repaired: string[] }> {
  const input = registerSchema.parse({ username: DEMO.username, email: DEMO.email, password: DEMO.password });
  const findDemo = async () => (await db.select().from(users).where(eq(users.email, input.email)).limit(1))[0];
  let outcome: Outcome = 'existing';
  let found = await findDemo();
  if (!found) {
    await register(db, input);
    found = await findDemo();
    if (!found) throw new Error('register() returned but the demo user is not there');
    outcome = 'created';
  }
  const user = found;
  const userId = user.id;
  const [membership] = await db.select().from(farmMembers).where(eq(farmMembers.userId, userId)).limit(1);
  if (!membership) throw new Error(`user ${DEMO.email} has no farm`);
  const [farm] = await db.select().from(farms).where(eq(farms.id, membership.farmId)).limit(1);
  if (!farm) throw new Error(`farm ${membership.farmId} not found`);

  const repaired: string[] = [];
  // Someone may have changed the demo password through the app: the printed login must work.
  const passwordOk = await verifyPassword(user.passwordHash, DEMO.password);
  const passwordHash = passwordOk ? null : await hashPassword(DEMO.password);
  await db.transaction(async (tx) => {
    if (outcome === 'created') await tx.update(users).set({ phoneNumber: DEMO.phone }).where(eq(users.id, userId));
    if (!user.emailVerified || passwordHash) {
      await tx
        .update(users)
        .set({ emailVerified: true, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, userId));
      if (!user.emailVerified && outcome === 'existing') repaired.push('email marked verified');
      if (passwordHash) repaired.push('password reset to the demo password');
    }
    if (farm.name !== DEMO.farmName || farm.timeZone !== DEMO.timeZone) {
      await tx.update(farms).set({ name: DEMO.farmName, timeZone: DEMO.timeZone }).where(eq(farms.id, farm.id));
      if (outcome === 'existing') repaired.push(`farm renamed to '${DEMO.farmName}' (${DEMO.timeZone})`);
    }
    // The account is verified without a code: end the code register() issued and
    // drop its undelivered mail, so nothing is sent to the demo address.
    const now = new Date();
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'verify_email'), isNull(oneTimeCodes.consumedAt)));
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.to, DEMO.email), isNull(mailOutbox.sentAt)));
  });
  return { outcome, repaired };
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const config = loadConfig();
  out(`Seeding the demo account into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`}`);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }

  try {
    const { outcome, repaired } = await ensureDemoAccount(database.db);
    if (outcome === 'created') out(`Created the demo account and its farm '${DEMO.farmName}'.`);
    else out(`The demo account already exists${repaired.length ? `; repaired: ${repaired.join(', ')}` : '; nothing to change'}.`);

    const [owner] = await database.db
      .select({ userId: users.id, farmId: farmMembers.farmId })
      .from(users)
      .innerJoin(farmMembers, eq(farmMembers.userId, users.id))
      .where(eq(users.email, DEMO.email))
      .limit(1);
    if (owner) {
      const seeded = await seedFarmData(database.db, owner.farmId, owner.userId, {
        flocks: options.flocks ?? 12,
        years: options.years ?? 1,
        extraVaccinationsPerFlock: 2,
      });
      out(
        seeded.flocks
          ? `Added ${seeded.flocks} flocks, ${seeded.events} bird-count events, ${seeded.vaccinations} vaccinations, ` +
              `${seeded.eggProductions} egg production records, ${seeded.eggAdjustments} egg adjustments, ${seeded.sales} sales, ` +
              `${seeded.expenses} expenses, ${seeded.budgets} budgets, ${seeded.inventoryItems} inventory items, ${seeded.inventoryMovements} stock movements, ` +
              `${seeded.feedRecords} feed records and ${seeded.weighings} weighings.`
          : 'The demo farm already has flocks; farm data left as it is.',
      );
      if (seeded.flocks) {
        const counted = await seedStockCounts(database.db, owner.farmId, owner.userId);
        out(`Added ${counted} stock counts, a Monday a week.`);
        const made = await seedDemoReports(database.db, owner.farmId, owner.userId);
        out(`Asked for ${made} reports; the server makes their files when it starts.`);
        const summed = await seedDemoSummaries(database.db, owner.farmId);
        out(`Made the owner's weekly summaries of the last ${summed} weeks.`);
      }
      const paid = await seedDemoPayments(database.db, owner.farmId, owner.userId, DEMO.phone);
      if (paid) out(`Added a year of subscription payments (${paid}, with a cancelled, a failed and a timed-out try).`);
      const texted = await seedDemoTexts(database.db, owner.farmId, owner.userId);
      if (texted) out(`Confirmed the owner's phone and added the ${texted} texts of the last three months (vaccinations due tomorrow, payments received).`);
      const joined = await seedDemoStaff(database.db, owner.farmId, DEMO.password);
      if (joined) out(`Added the farm's staff: ${DEMO_STAFF.map((p) => `${p.username} (${p.role}${p.joined ? '' : ', invited'})`).join(', ')}.`);
      const told = await seedDemoNotifications(database.db, owner.farmId);
      if (told) out(`Added ${told} low-stock notifications; the server adds the day's vaccination reminders when it starts.`);
    }

    const [farm] = await database.db
      .select({ name: farms.name, trialEndsAt: farms.trialEndsAt, paidUntil: farms.paidUntil })
      .from(farms)
      .innerJoin(farmMembers, eq(farmMembers.farmId, farms.id))
      .innerJoin(users, eq(users.id, farmMembers.userId))
      .where(eq(users.email, DEMO.email))
      .limit(1);
    out();
    out('Log in with:');
    out(`  username  ${DEMO.username}  (or email ${DEMO.email})`);
    out(`  password  ${DEMO.password}`);
    out(`  staff     ${DEMO_STAFF.filter((p) => p.joined).map((p) => `${p.username} (${p.role})`).join(', ')}, with the same password`);
    if (farm) {
      const until = farm.paidUntil && farm.paidUntil > farm.trialEndsAt ? `paid until ${farm.paidUntil.toISOString().slice(0, 10)}` : `trial until ${farm.trialEndsAt.toISOString().slice(0, 10)}`;
      out(`  farm      ${farm.name}, ${until}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      // e.g. the username 'demo' belongs to another address.
      process.stderr.write(`Could not create the demo account: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`seed:demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
