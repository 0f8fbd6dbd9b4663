import { createECDH, randomBytes } from 'node:crypto';
import { addDays, can, dayIn, MONEY_FIELDS, ROLES, ROUTE_PERMISSIONS, routePermission, seesMoney, shiftMonth, staffMessages, TOKEN_EXPIRED_MESSAGE, toApiDateTime, type Role } from '@kuku/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.js';
import { addMember, bearer, createSession, createUser } from '../factories.js';
import { createAppWithRoutes, databaseSnapshot, errorShapeProblem, farmSnapshot, fieldNames, fillPath, rowsCreatedBy, type ApiRoute } from './api-routes.js';

/**
 * The authorization matrix, generated from the routes Fastify registered: every
 * private /api route is refused without a valid session, another farm's ids are
 * 404 and leave its rows as they were, lists and aggregates never show another
 * farm's rows, and tenancy fields in a body move nothing. A route that is
 * neither public by the list below nor described in COVERAGE fails the suite.
 * The role axis: every private route is in the role table (domain
 * ROUTE_PERMISSIONS), and every role either may call it or gets 403 with
 * nothing changed; a role that does not see money (seesMoney) finds no money
 * field (domain MONEY_FIELDS) in any answer.
 */

const { app, routes } = await createAppWithRoutes();

/** Routes anyone may call: the account calls before a session exists, liveness, the dev outbox (absent in production). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/dev/outbox',
  'GET /api/dev/outbox/sms',
  'POST /api/auth/register',
  'POST /api/auth/verify-otp',
  'POST /api/auth/resend-otp',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/accept-invitation',
  // Social sign-in (decision 038): before a session exists; the sealed cookie and the one-time code are their permission.
  'GET /api/auth/providers',
  'GET /api/auth/google/login',
  'GET /api/auth/google/callback',
  'POST /api/auth/social/exchange',
  // A signed link is its own permission (decision 031): the browser opens it without a token.
  'GET /api/reports/:id/file',
  // The providers' calls: a secret path (M-Pesa) and a signature (the card provider) are their permission (decision 032).
  'POST /api/payments/mpesa/callback/:secret',
  'POST /api/paystack/webhook',
  // Africa's Talking's delivery reports: unsigned, so only from AT_CALLBACK_IPS (unset, this machine) and for a text we sent (decision 075).
  'POST /api/sms/delivery-reports',
  // A notice mail's unsubscribe link: its signed token is its permission, no sign-in (decision 076).
  'GET /api/notices/unsubscribe',
  'POST /api/notices/unsubscribe',
  // The socket checks its own ?token= and closes a bad one with a code (features/notifications/socket.test.ts).
  'GET /api/ws',
  // A profile picture is opened by <img>, which sends no token: its random file name, new at each change, is the permission (decision 036).
  'GET /api/profile-pictures/:userId/:file',
]);

interface Farmer {
  user: { id: number; username: string; email: string };
  farm: { id: number };
  /** In the names of the farm's rows, so a leaked row is found in any answer. */
  tag: string;
  /** A session of its own for each request: logout and a password change end sessions. */
  headers(): Promise<Record<string, string>>;
}

type Params = Record<string, number>;

/** What the matrix must know about a private route that it cannot read from Fastify. */
interface Coverage {
  /** Makes the rows the route's :params name, in this farm, and answers the params. */
  fixture?: (f: Farmer) => Promise<Params>;
  /** The owner's own view of those rows, read through the API: it must not change when another farm tries the route. */
  readBack?: (f: Farmer, p: Params) => Promise<unknown>;
  /** A query string the route accepts. */
  query?: string;
  /** A body the route accepts from the rows' owner. */
  body?: (f: Farmer) => unknown;
  /** The status a write refuses the matrix's people with when it is not 400: a rule about the account itself (422). */
  refusal?: number;
}

let seq = 0;
async function farmer(): Promise<Farmer> {
  const tag = `t${randomBytes(5).toString('hex')}`;
  const { user, farm } = await createUser(app, { username: `farmer_${tag}` });
  return { user, farm, tag, headers: async () => bearer(await createSession(app, user, farm)) };
}

async function call(f: Farmer | null, method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const headers = f ? await f.headers() : {};
  return app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function created(f: Farmer, url: string, payload: unknown): Promise<number> {
  const res = await call(f, 'POST', url, payload);
  if (res.statusCode !== 201) throw new Error(`fixture POST ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

const flockBody = (f: Farmer) => ({ name: `Flock ${f.tag} ${++seq}`, breed: 'Layers', age: 10, initial_bird_count: 100, bird_count: 100, status: 'active' });
const vaccinationBody = (f: Farmer) => ({
  vaccine_name: `Vaccine ${f.tag} ${++seq}`,
  date: toApiDateTime(addDays(new Date(), -2)),
  status: 'Pending',
  mode_of_administration: 'Injection',
});

/** A day `days` back in the farm's zone (farms are on Africa/Nairobi): egg records take no future day. */
const daysAgo = (days: number) => dayIn(addDays(new Date(), -days), 'Africa/Nairobi');
/** The flock each farm's egg bodies name: a POST body is made without fixtures, so seedFarm keeps one per farm. */
const eggFlocks = new Map<number, number>();
const eggFlockOf = (f: Farmer) => {
  const flockId = eggFlocks.get(f.farm.id);
  if (flockId === undefined) throw new Error(`no egg flock seeded for farm ${f.farm.id}`);
  return flockId;
};
// A new day each time: one production record a flock a day.
const dayBody = (f: Farmer) => ({ date_produced: daysAgo(++seq), rows: [{ flock_id: eggFlockOf(f), eggs_collected: 33 }] });
const productionBody = (f: Farmer) => ({ flock_id: eggFlockOf(f), date_produced: daysAgo(++seq), eggs_collected: 31, price_per_unit: '12.50' });
const adjustmentBody = (f: Farmer) => ({
  flock_id: eggFlockOf(f),
  adjustment_type: 'breakage',
  eggs_adjusted: 2,
  unit: 'crates',
  date_adjusted: daysAgo(1),
  notes: `Adjustment ${f.tag} ${++seq}`,
});

// Sales take a date from the first day of the month six months back to today: a few days back.
const saleBody = (f: Farmer) => ({
  flock_id: eggFlockOf(f),
  category: 'Egg Sales',
  product: `Eggs ${f.tag} ${++seq}`,
  description: `Buyer ${f.tag}`,
  quantity: 4,
  unit_price: 420,
  date: daysAgo(seq % 5),
  sale_type: 'Mobile Money',
  status: 'pending',
});

// Expenses take a date from the first day of the month six months back to today: a few days back.
const expenseBody = (f: Farmer) => ({
  flock_id: eggFlockOf(f),
  date: daysAgo(seq % 5),
  description: `Feed ${f.tag} ${++seq}`,
  amount: 1_250,
  category: 'Feed',
});
/** (month, year) `back` months before the farm's this month. */
const monthsBack = (back: number) => {
  const [year, month] = shiftMonth(daysAgo(0).slice(0, 7), -back).split('-').map(Number) as [number, number];
  return { month, year };
};
// One budget per flock and month: each body of a farm names its egg flock in a month of its own, from two months back.
const budgetBodies = new Map<number, number>();
const budgetBody = (f: Farmer) => {
  const n = (budgetBodies.get(f.farm.id) ?? 0) + 1;
  budgetBodies.set(f.farm.id, n);
  return { flock_id: eggFlockOf(f), amount: 5_000, ...monthsBack(1 + n) };
};

// An item of the farm's egg flock, named with its tag.
const inventoryBody = (f: Farmer) => ({
  item_name: `Feed ${f.tag} ${++seq}`,
  flock_id: eggFlockOf(f),
  quantity: 40,
  unit: 'bags',
  reorder_level: 5,
  cost_per_unit: 3_200,
});

const newFlock = (f: Farmer) => created(f, '/api/flocks', flockBody(f));
const newVaccination = (f: Farmer, flockId: number) => created(f, `/api/flocks/${flockId}/vaccinations`, vaccinationBody(f));

const withFlock = (name: string) => async (f: Farmer) => ({ [name]: await newFlock(f) });
const withVaccination = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await newVaccination(f, flockId) };
};

const withNamedFlock = async (f: Farmer) => ({ id: await created(f, '/api/flocks', { ...flockBody(f), name: 'Doomed flock' }) });

/** A flock the owner deleted with everything (its name typed): an entry of the bin. */
const withBinEntry = async (f: Farmer) => {
  const body = flockBody(f);
  const flockId = await created(f, '/api/flocks', body);
  await call(f, 'DELETE', `/api/flocks/${flockId}?everything=true&confirm_name=${encodeURIComponent(body.name)}`);
  const entries = (await call(f, 'GET', '/api/flocks/deleted')).json<{ items: { id: number; flock_id: number }[] }>().items;
  const entry = entries.find((e) => e.flock_id === flockId);
  if (!entry) throw new Error(`fixture: flock ${flockId} is not in the bin`);
  return { id: entry.id };
};

const withProduction = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, '/api/egg-productions', { flock_id: flockId, date_produced: daysAgo(2), eggs_collected: 95 }) };
};
const withAdjustment = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, '/api/egg-adjustments', { ...adjustmentBody(f), flock_id: flockId }) };
};

/** The first sale seedFarm made in each farm: POST /api/sales/status names it in its body. */
const farmSales = new Map<number, number>();
const withSale = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, '/api/sales', { ...saleBody(f), flock_id: flockId }) };
};

const withExpense = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, '/api/expenses', { ...expenseBody(f), flock_id: flockId }) };
};
const withBudget = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, '/api/budget', { flock_id: flockId, amount: 5_000, ...monthsBack(0) }) };
};
/**
 * PUT /api/budget/:month/:year names a month, not a row: the victim's budget is two years
 * back in the month after this one, the attacker's this month, so each mix of their month
 * and year with the attacker's names a month the attacker's flock has no budget in (404),
 * and the attacker's own is editable. The body names the fixture's flock (budgetFlocks).
 */
const budgetFlocks = new Map<number, number>();
const withBudgetMonth = async (f: Farmer) => {
  const flockId = await newFlock(f);
  const victimMonth = { month: (monthsBack(0).month % 12) + 1, year: monthsBack(0).year - 2 };
  const period = f === victim ? victimMonth : monthsBack(0);
  await created(f, '/api/budget', { flock_id: flockId, amount: 5_000, ...period });
  budgetFlocks.set(f.farm.id, flockId);
  return { flockId, ...period };
};
const budgetUpdateBody = (f: Farmer) => ({ amount: 4_000, flock_id: budgetFlocks.get(f.farm.id) });

const withItem = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, '/api/inventory', { ...inventoryBody(f), flock_id: flockId }) };
};

/** Feed: a flock of its own and a feed item of the farm, whose id the create's body names. */
const feedItems = new Map<number, number>();
const withFeedFlock = async (f: Farmer) => {
  const flockId = await newFlock(f);
  feedItems.set(f.farm.id, await created(f, '/api/inventory', { ...inventoryBody(f), flock_id: flockId, kind: 'feed', unit_weight_kg: 50 }));
  return { flockId };
};
const feedBody = (f: Farmer) => ({ item_id: feedItems.get(f.farm.id), date: daysAgo(0), quantity: 1 });
const withFeedRecord = async (f: Farmer) => {
  const { flockId } = await withFeedFlock(f);
  const res = await call(f, 'POST', `/api/flocks/${flockId}/feed`, feedBody(f));
  if (res.statusCode !== 201) throw new Error(`fixture feed: ${res.statusCode} ${res.body}`);
  return { flockId, id: res.json<{ record: { id: number } }>().record.id };
};

/** A stock count of the farm's eggs and a flock's birds (decision 077). */
const stockCountBody = async (f: Farmer) => ({ date: daysAgo(0), eggs: { trays: 2, loose: 5 }, birds: [{ flock_id: await newFlock(f), birds: 90 }] });
const withStockCount = async (f: Farmer) => {
  const res = await call(f, 'POST', '/api/stock-counts', await stockCountBody(f));
  if (res.statusCode !== 201) throw new Error(`fixture stock count: ${res.statusCode} ${res.body}`);
  return { id: res.json<{ counts: { id: number }[] }>().counts[0]!.id };
};
const readStockCounts = async (f: Farmer, p: Params) => ({ counts: await read('/api/stock-counts?pageSize=100')(f, p) });

/** A broiler batch's sample weighing. */
const weighingBody = () => ({ date: daysAgo(0), birds: 5, total_kg: 10 });
const withWeighing = async (f: Farmer) => {
  const flockId = await newFlock(f);
  return { flockId, id: await created(f, `/api/flocks/${flockId}/weighings`, weighingBody()) };
};

/** A broiler batch of 20 birds, closed by selling them whole (decision 072). */
const withBroilers = async (f: Farmer) => ({ flockId: await created(f, '/api/flocks', { ...flockBody(f), breed: 'Broilers', initial_bird_count: 20, bird_count: 20 }) });
const closeBody = () => ({ date: daysAgo(0), total_kg: 42, unit_price: 300, sale_type: 'Cash', status: 'paid' });

/** The owner's GET of a path, status and body, for comparing before and after. */
const read = (path: string) => async (f: Farmer, p: Params) => {
  const res = await call(f, 'GET', fillPath(path, p));
  return { status: res.statusCode, body: res.json<unknown>() };
};
const readFlock = read('/api/flocks/:id');
const readFlockOf = async (f: Farmer, p: Params) => readFlock(f, { id: p.flockId ?? 0 });
const readVaccinations = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  vaccinations: await read('/api/flocks/:flockId/vaccinations?pageSize=100')(f, p),
});

const readProductions = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  productions: await read('/api/egg-productions?flock_id=:flockId&pageSize=100')(f, p),
  stats: await read('/api/egg-productions/stats')(f, p),
});
const readAdjustments = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  adjustments: await read('/api/egg-adjustments?flock_id=:flockId&pageSize=100')(f, p),
  stats: await read('/api/egg-productions/stats')(f, p),
});

const readSales = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  sales: await read('/api/sales/flock/:flockId?pageSize=100')(f, p),
  stats: await read('/api/sales/stats')(f, p),
});

const readExpenses = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  expenses: await read('/api/expenses?flock_id=:flockId&pageSize=100')(f, p),
  stats: await read('/api/expenses/stats')(f, p),
});
const readBudgets = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  budgets: await read('/api/budget?flock_id=:flockId&pageSize=100')(f, p),
  stats: await read('/api/expenses/stats')(f, p),
});

const readInventory = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  items: await read('/api/inventory?flock_id=:flockId&pageSize=100')(f, p),
  movements: await read('/api/inventory/:id/movements?pageSize=100')(f, p),
  stats: await read('/api/inventory/stats')(f, p),
});

const readFeed = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  feed: await read('/api/flocks/:flockId/feed?pageSize=100')(f, p),
  items: await read('/api/inventory?flock_id=:flockId&pageSize=100')(f, p),
});

const readWeighings = async (f: Farmer, p: Params) => ({
  flock: await readFlockOf(f, p),
  weighings: await read('/api/flocks/:flockId/weighings')(f, p),
});

const readFinance = async (f: Farmer, p: Params) => ({
  flock: await read('/api/flock-financial/flock/:flockId')(f, p),
  farm: await read('/api/flock-financial')(f, p),
});
const yearBudgetBody = (f: Farmer) => ({ flock_id: eggFlocks.get(f.farm.id), budget: 120_000 });
const withYearBudget = async (f: Farmer) => {
  const flockId = await newFlock(f);
  const res = await call(f, 'PUT', '/api/flock-financial', { flock_id: flockId, budget: 90_000 });
  if (res.statusCode !== 200) throw new Error(`yearly budget: ${res.statusCode} ${res.body}`);
  return { flockId };
};

// A report of the last 30 days, which the seeded farm has records of in every category.
const reportBody = (f: Farmer) => ({ start_date: daysAgo(30), end_date: daysAgo(0), flock_id: eggFlocks.get(f.farm.id) });
const withReport = async (f: Farmer) => {
  const id = await created(f, '/api/reports/sales', reportBody(f));
  // Made before anyone looks: the row changes once, when its files are ready.
  await app.reportJobs.idle();
  return { id };
};
const withUser = async (f: Farmer) => ({ userId: f.user.id });
const withSummary = async (f: Farmer) => ({ id: await created(f, '/api/summaries/current', {}) });
/** A report as its owner sees it, without its links: they are signed anew at each answer. */
const unsigned = (report: Record<string, unknown>) => ({ ...report, content: null, csv_content: null, xlsx_content: null });
/**
 * An answer's body with each signed link's expiry and signature blanked (they change with the clock's second), and
 * the staff list's last sign-ins (each request of the matrix signs in anew).
 */
const withoutLinkExpiry = (body: string): unknown =>
  JSON.parse(body.replace(/exp=\d+&sig=[\w-]+/g, 'exp=&sig=').replace(/"last_sign_in_at":"[^"]*"/g, '"last_sign_in_at":""'));
const readReports = async (f: Farmer, p: Params) => {
  const one = await read('/api/reports/:id')(f, p);
  const all = await read('/api/reports?pageSize=100')(f, p);
  return {
    one: { ...one, body: unsigned(one.body as Record<string, unknown>) },
    all: (all.body as { items: Record<string, unknown>[] }).items.map(unsigned),
  };
};

// A payment waiting on its provider, written directly: no provider is asked, nothing settles it under the matrix.
// Its reference is a number so that the matrix can put it where an id goes.
const withPayment = (method: 'mpesa' | 'card') => async (f: Farmer) => {
  const reference = 700_000 + ++seq;
  await app.db.insert(payments).values({
    farmId: f.farm.id,
    createdBy: f.user.id,
    method,
    reference: String(reference),
    status: 'pending',
    amountCents: 250_000,
    phone: method === 'mpesa' ? '254700000404' : null,
    providerRequestId: `matrix-${reference}`,
    nextCheckAt: new Date(Date.now() + 3_600_000),
  });
  return { reference };
};
const readPayments = read('/api/payments?pageSize=100');

// A notification of the farm's owner, as a source stores it.
const withNotification = async (f: Farmer) => {
  const n = ++seq;
  const [stored] = await app.notifier.notify(f.farm.id, { say: () => ({ title: `Note ${f.tag} ${n}`, message: `For ${f.tag}` }), type: 'info', kind: 'lowStock', link: '/inventory', audience: 'members' });
  if (!stored) throw new Error('fixture notification: none stored');
  return { id: stored.notification.id };
};
const readNotifications = read('/api/notifications?pageSize=100');
// A browser's subscription: a real P-256 point and auth secret, on a known push service.
const pushBody = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${++seq}`,
  expirationTime: null,
  keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
});
// The simulator's phone whose callback never comes: nothing changes under a later snapshot.
const mpesaBody = () => ({ PhoneNumber: '254700000404', amount: 2500, reference: `MATRIX${++seq}` });
const cardBody = (f: Farmer) => ({ email: f.user.email, amount: 250_000, reference: `MATRIX${++seq}` });

// A person the owner invited; the invitation's code backdated past the resend wait, so a resend is allowed.
const staffBody = () => {
  const username = `staff_${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.com`, role: 'worker' };
};
const withInvited = async (f: Farmer) => {
  const userId = await created(f, '/api/staff', staffBody());
  await app.database.query("update one_time_codes set created_at = created_at - interval '2 minutes' where user_id = $1", [userId]);
  return { userId };
};
// Without last sign-ins: each read of the matrix signs in anew.
const readStaff = async (f: Farmer, p: Params) => {
  const res = await call(f, 'GET', fillPath('/api/staff', p));
  return { status: res.statusCode, body: withoutLinkExpiry(res.body) };
};

/** Every private route, keyed 'METHOD /path'. A new private route must be added here. */
const COVERAGE: Record<string, Coverage> = {
  'GET /api/auth/me': {},
  'POST /api/auth/logout': {},
  'PUT /api/auth/update-profile': { body: () => ({ phone_number: '0712345678' }) },
  // Null: the role's account keeps answering in English for the routes the matrix tries after it.
  'PUT /api/auth/language': { body: () => ({ language: null }) },
  // No code is waiting: every role is let through to the code's check (400), nothing changes.
  'POST /api/auth/confirm-email-change': { body: () => ({ otp: '123456' }) },
  // A multipart upload: the matrix sends JSON, which the route refuses (400) before touching anything, so the
  // 401s and the tenancy fields are checked here; the uploads themselves in features/profile/profile-picture.test.ts.
  'POST /api/auth/update-profile-picture': {},
  // The matrix's people have no phone: every role is let through to the phone's check (422), nothing changes.
  'POST /api/profile/phone/code': { refusal: 422 },
  'POST /api/profile/phone/confirm': { body: () => ({ code: '123456' }), refusal: 422 },
  'GET /api/profile/notices': {},
  'PUT /api/profile/notices': { body: () => ({ preferences: { reports: { mail: true } } }) },
  'GET /api/flocks': { query: 'pageSize=100' },
  'GET /api/flocks/stats': {},
  'POST /api/flocks': { body: flockBody },
  'GET /api/flocks/:id': { fixture: withFlock('id'), readBack: readFlock },
  'GET /api/flocks/:id/history': { fixture: withFlock('id'), readBack: read('/api/flocks/:id/history') },
  'GET /api/flocks/deleted': {},
  'POST /api/flocks/deleted/:id/restore': { fixture: withBinEntry, readBack: read('/api/flocks/deleted') },
  'PUT /api/flocks/:id': { fixture: withFlock('id'), readBack: readFlock, body: () => ({ bird_count: 90, reason: 'mortality' }) },
  'POST /api/flocks/:id/bird-count-changes': { fixture: withFlock('id'), readBack: readFlock, body: () => ({ change: -2, reason: 'mortality' }) },
  // Everything, the flock's name typed: the owner's alone (decision 052).
  'DELETE /api/flocks/:id': { fixture: withNamedFlock, readBack: readFlock, query: 'everything=true&confirm_name=Doomed%20flock' },
  'GET /api/vaccinations': { query: 'pageSize=100' },
  'GET /api/vaccinations/stats': {},
  'GET /api/flocks/:flockId/vaccinations': { fixture: withFlock('flockId'), readBack: readVaccinations, query: 'pageSize=100' },
  'POST /api/flocks/:flockId/vaccinations': { fixture: withFlock('flockId'), readBack: readVaccinations, body: vaccinationBody },
  'POST /api/flocks/:flockId/vaccinations/standard-schedule': {
    fixture: withFlock('flockId'),
    readBack: readVaccinations,
    body: () => ({ items: [{ index: 0, mode: '1m' }] }),
  },
  'PUT /api/flocks/:flockId/vaccinations/:id': { fixture: withVaccination, readBack: readVaccinations, body: () => ({ status: 'Completed' }) },
  'DELETE /api/flocks/:flockId/vaccinations/:id': { fixture: withVaccination, readBack: readVaccinations },
  'GET /api/egg-productions': { query: 'pageSize=100' },
  'GET /api/egg-productions/stats': {},
  'GET /api/egg-productions/series': {},
  'POST /api/egg-productions': { body: productionBody },
  'GET /api/egg-productions/day': {},
  'POST /api/egg-productions/day': { body: dayBody },
  'PUT /api/egg-productions/:id': {
    fixture: withProduction,
    readBack: readProductions,
    body: () => ({ date_produced: daysAgo(3), eggs_collected: 62, price_per_unit: 1 }),
  },
  'DELETE /api/egg-productions/:id': { fixture: withProduction, readBack: readProductions },
  'GET /api/egg-adjustments': { query: 'pageSize=100' },
  'POST /api/egg-adjustments': { body: adjustmentBody },
  'PUT /api/egg-adjustments/:id': {
    fixture: withAdjustment,
    readBack: readAdjustments,
    body: () => ({ adjustment_type: 'giveaway', eggs_adjusted: 5, unit: 'eggs', date_adjusted: daysAgo(2), notes: 'moved' }),
  },
  'DELETE /api/egg-adjustments/:id': { fixture: withAdjustment, readBack: readAdjustments },
  'GET /api/sales': { query: 'pageSize=100' },
  'GET /api/sales/stats': {},
  'GET /api/sales/series': {},
  'GET /api/sales/flock/:flockId': { fixture: withSale, readBack: readSales, query: 'pageSize=100' },
  'POST /api/sales': { body: saleBody },
  'PUT /api/sales/:id': { fixture: withSale, readBack: readSales, body: () => ({ status: 'paid', quantity: 6 }) },
  'DELETE /api/sales/:id': { fixture: withSale, readBack: readSales },
  'GET /api/sales/debtors': {},
  'POST /api/flocks/:flockId/close': { fixture: withBroilers, readBack: readSales, body: closeBody },
  // The farm's own seeded sale by its id in the body (another farm's ids: features/sales/debtors.test.ts).
  'POST /api/sales/status': { body: (f) => ({ ids: [farmSales.get(f.farm.id) ?? 0], status: 'paid' }) },
  'GET /api/expenses': { query: 'pageSize=100' },
  'GET /api/expenses/stats': {},
  'GET /api/expenses/series': {},
  'POST /api/expenses': { body: expenseBody },
  'PUT /api/expenses/:id': { fixture: withExpense, readBack: readExpenses, body: () => ({ amount: 990, description: 'moved', date: daysAgo(1) }) },
  'DELETE /api/expenses/:id': { fixture: withExpense, readBack: readExpenses },
  'GET /api/budget': { query: 'pageSize=100' },
  'POST /api/budget': { body: budgetBody },
  'PUT /api/budget/:month/:year': { fixture: withBudgetMonth, readBack: readBudgets, body: budgetUpdateBody },
  'DELETE /api/budget/:id': { fixture: withBudget, readBack: readBudgets },
  'GET /api/inventory': { query: 'pageSize=100' },
  'GET /api/inventory/stats': {},
  'POST /api/inventory': { body: inventoryBody },
  'PUT /api/inventory/:id': { fixture: withItem, readBack: readInventory, body: (f) => ({ ...inventoryBody(f), quantity: 30, note: 'Counted' }) },
  'DELETE /api/inventory/:id': { fixture: withItem, readBack: readInventory },
  'POST /api/inventory/:id/remove': { fixture: withItem, readBack: readInventory, body: () => ({ quantity: 6, reason: 'used' }) },
  'POST /api/inventory/:id/restock': { fixture: withItem, readBack: readInventory, body: () => ({ quantity: 3, cost_per_unit: 3_300 }) },
  'GET /api/inventory/:id/movements': { fixture: withItem, readBack: readInventory, query: 'pageSize=100' },
  'GET /api/feed': { query: 'pageSize=100' },
  'GET /api/feed/days-left': {},
  'GET /api/summaries': { query: 'pageSize=100' },
  'GET /api/summaries/:id': { fixture: withSummary, readBack: read('/api/summaries/:id') },
  'POST /api/summaries/current': {},
  'GET /api/flocks/:flockId/feed': { fixture: withFeedRecord, readBack: readFeed, query: 'pageSize=100' },
  'GET /api/flocks/:flockId/feed/usual': { fixture: withFeedRecord, readBack: readFeed },
  'POST /api/flocks/:flockId/feed': { fixture: withFeedFlock, readBack: readFeed, body: feedBody },
  'PATCH /api/feed/:id': { fixture: withFeedRecord, readBack: readFeed, body: () => ({ quantity: 2 }) },
  'DELETE /api/feed/:id': { fixture: withFeedRecord, readBack: readFeed },
  'GET /api/stock-counts': { query: 'pageSize=100' },
  'POST /api/stock-counts': { body: () => ({ date: daysAgo(0), eggs: { trays: 1, loose: 3 } }) },
  'DELETE /api/stock-counts/:id': { fixture: withStockCount, readBack: readStockCounts },
  'GET /api/stock-counts/margin': {},
  'PUT /api/stock-counts/margin': { body: () => ({ margin_percent: 5 }) },
  'GET /api/stock-counts/balances': {},
  'GET /api/economics': {},
  'GET /api/flocks/:flockId/economics': { fixture: withFeedRecord, readBack: readFeed },
  'GET /api/flocks/:flockId/economics/weeks': { fixture: withFeedRecord, readBack: readFeed, query: 'weeks=4' },
  'GET /api/flocks/:flockId/weighings': { fixture: withWeighing, readBack: readWeighings },
  'POST /api/flocks/:flockId/weighings': { fixture: withFlock('flockId'), readBack: readWeighings, body: weighingBody },
  'DELETE /api/weighings/:id': { fixture: withWeighing, readBack: readWeighings },
  'GET /api/stats/dashboard': {},
  'GET /api/today': {},
  'GET /api/flock-financial': {},
  'GET /api/flock-financial/flock/:flockId': { fixture: withYearBudget, readBack: readFinance },
  'PUT /api/flock-financial': { body: yearBudgetBody },
  'DELETE /api/flock-financial/flock/:flockId': { fixture: withYearBudget, readBack: readFinance },
  'POST /api/reports/sales': { body: reportBody },
  'POST /api/reports/expenses': { body: reportBody },
  'POST /api/reports/egg-production': { body: reportBody },
  'POST /api/reports/flock': { body: reportBody },
  'POST /api/reports/inventory': { body: reportBody },
  'POST /api/reports/financial': { body: reportBody },
  'GET /api/reports': { query: 'pageSize=100' },
  'GET /api/reports/user/:userId': { fixture: withUser, query: 'pageSize=100' },
  'GET /api/reports/:id': { fixture: withReport, readBack: readReports },
  'DELETE /api/reports/:id': { fixture: withReport, readBack: readReports },
  'GET /api/payments': { query: 'pageSize=100' },
  'GET /api/payments/plan': {},
  'POST /api/payments/initiate': { body: mpesaBody },
  'GET /api/payments/status/:reference': { fixture: withPayment('mpesa'), readBack: readPayments },
  'POST /api/paystack/initiate': { body: cardBody },
  'GET /api/paystack/status/:reference': { fixture: withPayment('card'), readBack: readPayments },
  'GET /api/sms/usage': {},
  'PUT /api/sms/settings': { body: () => ({ daily_cap: 5 }) },
  'POST /api/contact': { body: (f) => ({ name: 'Wanjiku', email: f.user.email, message: `A question from ${f.tag}` }) },
  'GET /api/contact/support': {},
  'GET /api/onboarding': {},
  'GET /api/notifications': { query: 'pageSize=100' },
  'POST /api/notifications/:id/read': { fixture: withNotification, readBack: readNotifications },
  'DELETE /api/notifications/:id': { fixture: withNotification, readBack: readNotifications },
  'POST /api/notifications/read-all': {},
  'GET /api/push/public-key': {},
  'POST /api/push/subscribe': { body: pushBody },
  'POST /api/notifications/subscribe': { body: pushBody },
  'DELETE /api/push/subscribe': { body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }) },
  'GET /api/staff': {},
  'POST /api/staff': { body: staffBody },
  'PUT /api/staff/:userId': { fixture: withInvited, readBack: readStaff, body: () => ({ role: 'auditor' }) },
  'DELETE /api/staff/:userId': { fixture: withInvited, readBack: readStaff },
  'POST /api/staff/:userId/resend': { fixture: withInvited, readBack: readStaff },
};

/** Fields a client might send to claim another farm, user or role; every private write ignores them. */
const tenancyFields = (other: Farmer) => ({
  farm_id: other.farm.id,
  farmId: other.farm.id,
  user_id: other.user.id,
  userId: other.user.id,
  created_by: other.user.id,
  createdBy: other.user.id,
  role: 'admin',
});

/** A farm with some of everything, named with its tag. */
async function seedFarm(f: Farmer) {
  const flockId = await newFlock(f);
  await newVaccination(f, flockId);
  await call(f, 'POST', `/api/flocks/${flockId}/vaccinations/standard-schedule`, { items: [{ index: 1, mode: 'Drinking Water' }] });
  await call(f, 'PUT', `/api/flocks/${flockId}`, { bird_count: 95, reason: 'mortality' });
  // Egg records, on the flock the farm's egg bodies name (its first).
  const eggFlock = await newFlock(f);
  if (!eggFlocks.has(f.farm.id)) eggFlocks.set(f.farm.id, eggFlock);
  await created(f, '/api/egg-productions', { flock_id: eggFlock, date_produced: daysAgo(0), eggs_collected: 365, price_per_unit: 2 });
  await created(f, '/api/egg-adjustments', { ...adjustmentBody(f), flock_id: eggFlock, date_adjusted: daysAgo(0) });
  const saleId = await created(f, '/api/sales', { ...saleBody(f), flock_id: eggFlock, date: daysAgo(0) });
  if (!farmSales.has(f.farm.id)) farmSales.set(f.farm.id, saleId);
  await created(f, '/api/expenses', { ...expenseBody(f), flock_id: eggFlock, date: daysAgo(0) });
  await created(f, '/api/budget', { flock_id: eggFlock, amount: 800, ...monthsBack(0) });
  const itemId = await created(f, '/api/inventory', { ...inventoryBody(f), flock_id: eggFlock });
  await call(f, 'POST', `/api/inventory/${itemId}/remove`, { quantity: 36, reason: 'used', note: `Used ${f.tag}` });
  return flockId;
}

function url(route: ApiRoute, params: Params, query?: string): string {
  const path = fillPath(route.url, params);
  return query ? `${path}?${query}` : path;
}

function expectError(res: LightMyRequestResponse, status: number, context: string) {
  expect(res.statusCode, `${context}: ${res.body}`).toBe(status);
  expect(errorShapeProblem(res), context).toBeNull();
}

const privateRoutes = routes.filter((r) => !r.public);
let cases = 0;

afterAll(() => {
  process.stdout.write(
    `authorization matrix: ${routes.length} /api routes (${privateRoutes.length} private, ${routes.length - privateRoutes.length} public), ${cases} cases\n`,
  );
});

describe('the route list', () => {
  it('holds the API as registered', () => {
    // Guards the collector itself: an empty or partial list would let every check below pass.
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(['GET /api/auth/me', 'POST /api/flocks', 'POST /api/auth/login']));
  });

  it('has every route either public by the explicit list or described in the matrix', () => {
    cases += 1;
    const keys = new Set(routes.map((r) => r.key));
    expect({
      // A new route: add it to COVERAGE (or, if anyone may call it, to PUBLIC).
      uncovered: privateRoutes.filter((r) => !(r.key in COVERAGE)).map((r) => r.key),
      publicInCodeOnly: routes.filter((r) => r.public && !PUBLIC.has(r.key)).map((r) => r.key),
      publicInListOnly: [...PUBLIC].filter((k) => !routes.some((r) => r.key === k && r.public)),
      staleCoverage: Object.keys(COVERAGE).filter((k) => !keys.has(k)),
      idWithoutFixture: privateRoutes.filter((r) => r.params.length > 0 && !COVERAGE[r.key]?.fixture).map((r) => r.key),
      // A new private route: give it a permission in packages/domain/src/staff-rules.ts.
      withoutRole: privateRoutes.filter((r) => !(r.key in ROUTE_PERMISSIONS)).map((r) => r.key),
      staleRoles: Object.keys(ROUTE_PERMISSIONS).filter((k) => !privateRoutes.some((r) => r.key === k)),
    }).toEqual({ uncovered: [], publicInCodeOnly: [], publicInListOnly: [], staleCoverage: [], idWithoutFixture: [], withoutRole: [], staleRoles: [] });
  });
});

const victim = await farmer();
const attacker = await farmer();
await seedFarm(victim);
await seedFarm(attacker);

for (const route of privateRoutes) {
  const cover = COVERAGE[route.key] ?? {};
  const isRead = route.method === 'GET';

  describe(route.key, () => {
    it('answers 401 without a valid session and changes nothing', async () => {
      const params = cover.fixture ? await cover.fixture(attacker) : {};
      const target = url(route, params, cover.query);
      const payload = isRead ? undefined : (cover.body?.(attacker) ?? {});
      const expired = await createSession(app, attacker.user, attacker.farm, new Date(Date.now() - 1000));
      const revoked = await createSession(app, attacker.user, attacker.farm);
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked) })).statusCode).toBe(204);
      const before = await databaseSnapshot(app);
      const attempts: [string, Record<string, string>][] = [
        ['no token', {}],
        ['a junk token', bearer(randomBytes(32).toString('base64url'))],
        ['an over-long token', bearer('x'.repeat(500))],
        ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
        ['an expired session', bearer(expired)],
        ['a logged-out session', bearer(revoked)],
      ];
      for (const [what, headers] of attempts) {
        const res = await app.inject({ method: route.method as 'GET', url: target, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
        expectError(res, 401, what);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('unauthenticated');
        if (what === 'an expired session') expect(res.json<{ error: { message: string } }>().error.message).toBe(TOKEN_EXPIRED_MESSAGE);
        cases += 1;
      }
      expect(await databaseSnapshot(app)).toEqual(before);
    });

    if (route.params.length > 0) {
      it("answers 404 for another farm's ids and leaves that farm's rows as they were", async () => {
        const fixture = cover.fixture;
        if (!fixture) throw new Error(`${route.key} has ids but no fixture in COVERAGE`);
        const theirs = await fixture(victim);
        const mine = await fixture(attacker);
        const readBefore = await cover.readBack?.(victim, theirs);
        const farmBefore = await farmSnapshot(app, victim.farm.id);
        // Every mix of their ids and mine: their flock with my vaccination, mine with theirs, both theirs.
        for (let mask = 1; mask < 1 << route.params.length; mask++) {
          const params = Object.fromEntries(route.params.map((name, i) => [name, ((mask >> i) & 1 ? theirs : mine)[name] ?? 0]));
          const payload = isRead ? undefined : (cover.body?.(attacker) ?? undefined);
          const res = await call(attacker, route.method, url(route, params, cover.query), payload);
          expectError(res, 404, `their ${route.params.filter((_, i) => (mask >> i) & 1).join(', ')}`);
          cases += 1;
        }
        expect(await farmSnapshot(app, victim.farm.id)).toEqual(farmBefore);
        if (cover.readBack) expect(await cover.readBack(victim, theirs)).toEqual(readBefore);
        // The same request on my own rows succeeds: the 404s above came from the farm, not the request.
        const own = await call(attacker, route.method, url(route, mine, cover.query), isRead ? undefined : cover.body?.(attacker));
        expect(own.statusCode, own.body).toBeGreaterThanOrEqual(200);
        expect(own.statusCode, own.body).toBeLessThan(300);
        cases += 1;
      });
    }

    if (!isRead) {
      it('ignores farm, user, creator and role fields in the body', async () => {
        const params = cover.fixture ? await cover.fixture(attacker) : {};
        const farmBefore = await farmSnapshot(app, victim.farm.id);
        // The staff routes change the member they name (params.userId); nobody else's membership may move.
        const members = () => app.database.query('select * from farm_members where user_id <> $1 order by farm_id, user_id', [params.userId ?? 0]);
        const membersBefore = await members();
        const res = await call(attacker, route.method, url(route, params, cover.query), { ...(cover.body?.(attacker) as object), ...tenancyFields(victim) });
        // Accepted with the fields dropped, or refused as bad input: either way nothing may move.
        if (res.statusCode >= 300) expectError(res, cover.refusal ?? 400, 'tenancy fields');
        expect(await farmSnapshot(app, victim.farm.id)).toEqual(farmBefore);
        expect(await members()).toEqual(membersBefore);
        expect(await rowsCreatedBy(app, attacker.farm.id, victim.user.id)).toBe(0);
        const me = (await call(attacker, 'GET', '/api/auth/me')).json<{ role: string; farm: { id: number } }>();
        expect(me).toMatchObject({ role: 'owner', farm: { id: attacker.farm.id } });
        cases += 1;
      });
    }
  });
}

/** What the attacker read of a read route before and after the victim's writes. */
interface ReadPass {
  targets: string[];
  first: { status: number; body: string }[];
  second: { status: number; body: string }[];
}

/**
 * The read routes, read together: every fixture first (the attacker's writes), then every route
 * read, then the victim writes a farm's worth of rows, then every route read again. A read that
 * the victim's rows change differs between the two passes; one seeding of the victim's farm
 * serves every route (decision 060).
 */
describe("reads never show another farm's rows, even when asked for them by id", () => {
  const reads = privateRoutes.filter((r) => r.method === 'GET');
  const passes = new Map<string, ReadPass>();
  const get = async (target: string) => {
    const res = await call(attacker, 'GET', target);
    return { status: res.statusCode, body: res.body };
  };

  beforeAll(async () => {
    // Unknown keys are dropped; a known one (flock_id) must stay inside the caller's farm: 404 or only its own rows.
    const theirFlock = await newFlock(victim);
    const probe = `farm_id=${victim.farm.id}&farmId=${victim.farm.id}&user_id=${victim.user.id}&flock_id=${theirFlock}`;
    for (const route of reads) {
      const cover = COVERAGE[route.key] ?? {};
      const params = cover.fixture ? await cover.fixture(attacker) : {};
      const targets = [url(route, params, cover.query), url(route, params, [cover.query, probe].filter(Boolean).join('&'))];
      passes.set(route.key, { targets, first: [], second: [] });
    }
    for (const pass of passes.values()) for (const target of pass.targets) pass.first.push(await get(target));
    // Another farm's writes do not change what this farm reads: its lists and sums hold only its own rows.
    await seedFarm(victim);
    for (const pass of passes.values()) for (const target of pass.targets) pass.second.push(await get(target));
  });

  for (const route of reads) {
    it(route.key, () => {
      const pass = passes.get(route.key);
      if (!pass) throw new Error(`${route.key} was not read`);
      pass.first.forEach((res, i) => {
        if (i === 0) expect(res.status, res.body).toBe(200);
        else if (res.status !== 200) expect(res.status, `asked for their flock: ${res.body}`).toBe(404);
        for (const secret of [victim.tag, victim.user.email, victim.user.username]) expect(res.body).not.toContain(secret);
        cases += 1;
      });
      const comparable = (answers: ReadPass['first']) => answers.map((res) => ({ status: res.status, body: withoutLinkExpiry(res.body) }));
      expect(comparable(pass.second), "another farm's writes changed this read").toEqual(comparable(pass.first));
      cases += 1;
    });
  }
});

describe('POST /api/auth/register', () => {
  it('makes a new farm with an owner, whatever farm, user or role the body names', async () => {
    const farmBefore = await farmSnapshot(app, victim.farm.id);
    const username = `joiner_${randomBytes(4).toString('hex')}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, email: `${username}@example.com`, password: 'long enough 1', ...tenancyFields(victim) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const members = await app.database.query<{ farm_id: number; role: string }>(
      'select m.farm_id, m.role from farm_members m join users u on u.id = m.user_id where u.username = $1',
      [username],
    );
    expect(members).toHaveLength(1);
    expect(members[0]?.farm_id).not.toBe(victim.farm.id);
    expect(members[0]?.role).toBe('owner');
    expect(await farmSnapshot(app, victim.farm.id)).toEqual(farmBefore);
    cases += 1;
  });
});

/** A person of the attacker's farm with each role; the owner is the farm's own Farmer. */
const roleMembers = new Map<Role, { user: { id: number } }>();
for (const role of ROLES) roleMembers.set(role, role === 'owner' ? attacker : await addMember(app, attacker.farm, role));
const sessionOf = async (role: Role) => bearer(await createSession(app, roleMembers.get(role)?.user ?? attacker.user, attacker.farm));

/** The money fields anywhere in an answer, as 'path.field'. */
function moneyIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((inner, i) => moneyIn(inner, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...((MONEY_FIELDS as readonly string[]).includes(key) ? [`${path}.${key}`] : []),
    ...moneyIn(inner, `${path}.${key}`),
  ]);
}

// A field name that reads as money; 'balance' is a stock movement's count, not money.
const MONEY_NAME = /price|revenue|cost|cents|amount|profit|income|spent|budget|salary|paid/i;
// Names that read as money but are not, by route: a kind of notice, 'budget' exceeded, with its channels (decision 076).
const NOT_MONEY = new Set(['GET /api/profile/notices: budget', 'PUT /api/profile/notices: budget']);

describe('money and the roles that do not see it', () => {
  it('the seeded farm has money, so the role axis below can find it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/inventory', headers: await sessionOf('owner') });
    expect(moneyIn(res.json()).length).toBeGreaterThan(0);
  });

  it('refuses a list ordered by money to a role that does not see money', async () => {
    for (const url of ['/api/egg-productions?sort=revenue', '/api/inventory?sort=cost', '/api/inventory?sort=value']) {
      expect((await app.inject({ method: 'GET', url, headers: await sessionOf('owner') })).statusCode, url).toBe(200);
      expectError(await app.inject({ method: 'GET', url, headers: await sessionOf('worker') }), 403, url);
    }
    expect((await app.inject({ method: 'GET', url: '/api/inventory?sort=quantity', headers: await sessionOf('worker') })).statusCode).toBe(200);
  });

  it('every money field of the answers of routes a role without money may call is in MONEY_FIELDS', () => {
    const blind = ROLES.filter((role) => !seesMoney(role));
    expect(blind.length).toBeGreaterThan(0);
    // The walker reads the schemas: the inventory list names its money.
    const inventory = privateRoutes.find((r) => r.key === 'GET /api/inventory');
    expect([...fieldNames(inventory?.schema.response?.['200'])]).toEqual(expect.arrayContaining(['item_name', 'cost_per_unit', 'value_cents']));
    const unlisted = new Set<string>();
    for (const route of privateRoutes) {
      const permission = routePermission(route.key, undefined);
      if (permission === null || !blind.some((role) => can(role, permission))) continue;
      for (const schema of Object.values(route.schema.response ?? {})) {
        for (const name of fieldNames(schema)) {
          if (MONEY_NAME.test(name) && !(MONEY_FIELDS as readonly string[]).includes(name) && !NOT_MONEY.has(`${route.key}: ${name}`)) unlisted.add(`${route.key}: ${name}`);
        }
      }
    }
    expect([...unlisted]).toEqual([]);
  });
});

describe('the role axis: every private route for every role', () => {
  for (const route of privateRoutes) {
    const cover = COVERAGE[route.key] ?? {};
    it(`${route.key}`, async () => {
      for (const role of ROLES) {
        // Rows made by the owner: a manager deleting them must not take another role's fixture away.
        const params = cover.fixture ? await cover.fixture(attacker) : {};
        const payload = route.method === 'GET' ? undefined : (cover.body?.(attacker) ?? {});
        const headers = await sessionOf(role);
        const permission = routePermission(route.key, payload, Object.fromEntries(new URLSearchParams(cover.query ?? '')));
        if (permission === null) throw new Error(`${route.key} has no role`);
        // What an earlier role's request set going (a report, its notification) has finished.
        await app.reportJobs.idle();
        await app.notifier.settled();
        // Only a refusal is held to changing nothing: the farm is read before the request only then.
        const refused = !can(role, permission);
        const before = refused ? await farmSnapshot(app, attacker.farm.id) : null;
        const res = await app.inject({ method: route.method as 'GET', url: url(route, params, cover.query), headers, ...(payload === undefined ? {} : { payload: payload as object }) });
        if (!refused) {
          expect(res.statusCode, `${role}: ${res.body}`).not.toBe(403);
          expect(res.statusCode, `${role}: ${res.body}`).toBeLessThan(500);
          if (!seesMoney(role) && String(res.headers['content-type']).startsWith('application/json')) {
            expect(moneyIn(res.json()), `${role} read money in ${route.key}`).toEqual([]);
          }
        } else {
          expectError(res, 403, `${role} may not ${permission}`);
          expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'forbidden', message: staffMessages.forbidden });
          expect(await farmSnapshot(app, attacker.farm.id), `${role} changed the farm`).toEqual(before);
        }
        cases += 1;
      }
    });
  }
});
