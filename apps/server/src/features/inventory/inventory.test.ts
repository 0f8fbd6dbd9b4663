import {
  flockMessages,
  inventoryKindMessages,
  inventoryMessages as m,
  moneyMessages,
  type InventoryItem,
  type InventoryStats,
  type StockChange,
  type StockMovement,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { flocks, inventoryItems, inventoryMovements } from '../../db/schema/index.js';
import type { FarmEvent } from '../../plugins/events.js';
import { createTestApp } from '../../test/app.js';
import { counterDrift } from '../../test/counters.js';
import * as factories from '../../test/factories.js';
import { addMember, createFlock } from '../../test/factories.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Headers = Record<string, string>;
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

const farmWithFlock = (overrides: Parameters<typeof createFlock>[2] = {}) => factories.farmWithFlock(app, overrides);

const add = (headers: Headers, payload: object, extra: Headers = {}) => app.inject({ method: 'POST', url: '/api/inventory', headers: { ...headers, ...extra }, payload });
const put = (headers: Headers, id: number | string, payload: object) => app.inject({ method: 'PUT', url: `/api/inventory/${id}`, headers, payload });
const del = (headers: Headers, id: number | string) => app.inject({ method: 'DELETE', url: `/api/inventory/${id}`, headers });
const remove = (headers: Headers, id: number | string, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: `/api/inventory/${id}/remove`, headers: { ...headers, ...extra }, payload });
const restock = (headers: Headers, id: number | string, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: `/api/inventory/${id}/restock`, headers: { ...headers, ...extra }, payload });

async function made<T = InventoryItem>(res: Promise<LightMyRequestResponse>, status = 201): Promise<T> {
  const answer = await res;
  if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode} ${answer.body}`);
  return answer.json<T>();
}

/** 20 bags of layers mash at KES 3,200 a bag, reorder at 5. */
const item = (flockId: number, change: object = {}) => ({
  item_name: 'Layers mash',
  flock_id: flockId,
  quantity: 20,
  unit: 'bags',
  reorder_level: 5,
  cost_per_unit: 3_200,
  ...change,
});

const itemRows = (farmId: number) => app.db.select().from(inventoryItems).where(eq(inventoryItems.farmId, farmId)).orderBy(inventoryItems.id);
const movementRows = (itemId: number) => app.db.select().from(inventoryMovements).where(eq(inventoryMovements.itemId, itemId)).orderBy(inventoryMovements.id);

const get = async <T>(headers: Headers, url: string): Promise<T> => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

function expectRefused(res: LightMyRequestResponse, status: number, field?: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const error = res.json<{ error: { message: string; fields?: Record<string, string> } }>().error;
  if (field) expect(error.fields?.[field], res.body).toBe(message);
  else if (message) expect(error.message).toBe(message);
}

/** Every event a farm hears while `work` runs. */
async function heardDuring(farmId: number, work: () => Promise<unknown>): Promise<FarmEvent[]> {
  const heard: FarmEvent[] = [];
  // The notifications a change leads to are the notifications suite's; this one hears the change's own events.
  const stop = app.events.subscribe(farmId, (e) => e.type !== 'notification' && heard.push(e));
  try {
    await work();
  } finally {
    stop();
  }
  return heard;
}

describe('POST /api/inventory', () => {
  it('adds an item with its first stock as an added movement; the answer carries the flock, value and low-stock flag', async () => {
    const f = await farmWithFlock({ name: 'Layers A' });
    const res = await add(f.headers, item(f.flock.id, { cost_per_unit: '3200.50' }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<InventoryItem>();
    expect(answer).toEqual({
      id: expect.any(Number),
      item_name: 'Layers mash',
      flock_id: f.flock.id,
      flock_name: 'Layers A',
      quantity: 20,
      unit: 'bags',
      // Sent without a kind, the name gives it (decision 070); a bag's weight unknown.
      kind: 'feed',
      unit_weight_kg: null,
      reorder_level: 5,
      cost_per_unit: 3_200.5,
      cost_per_unit_cents: 320_050,
      value_cents: 6_401_000,
      low_stock: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by_name: f.user.username,
      updated_by_name: f.user.username,
    });
    expect(await movementRows(answer.id)).toEqual([
      expect.objectContaining({ kind: 'added', change: 20, balance: 20, costPerUnitCents: 320_050, createdBy: f.user.id, reason: null }),
    ]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('takes the product’s body (itemName, flockId, reorderLevel, costPerUnit, an ID), kg with decimals and no unit as pieces', async () => {
    const f = await farmWithFlock();
    const spec = await made(
      add(f.headers, { ID: 77, itemName: 'Wood shavings', flockId: f.flock.id, quantity: '12.5', unit: 'Kilograms', reorderLevel: 2.25, costPerUnit: 40 }),
    );
    expect(spec).toMatchObject({ item_name: 'Wood shavings', unit: 'kg', quantity: 12.5, reorder_level: 2.25, cost_per_unit_cents: 4_000, value_cents: 50_000, kind: 'litter', unit_weight_kg: 1 });
    const pieces = await made(add(f.headers, { item_name: 'Feeder', flock_id: f.flock.id, quantity: 3, reorder_level: 1, cost_per_unit: 500 }));
    expect(pieces).toMatchObject({ unit: 'pieces', kind: 'equipment', unit_weight_kg: null });
  });

  it('takes a kind (aliases in any case) and the weight of one unit; an item counted in kg weighs 1 kg a unit (decision 070)', async () => {
    const f = await farmWithFlock();
    const bran = await made(add(f.headers, item(f.flock.id, { item_name: 'Maize bran', kind: 'FEED', unit_weight_kg: 70 })));
    expect(bran).toMatchObject({ kind: 'feed', unit_weight_kg: 70 });
    const drug = await made(add(f.headers, item(f.flock.id, { item_name: 'Amprolium', kind: 'Drug', unit: 'litres', unitWeightKg: null })));
    expect(drug).toMatchObject({ kind: 'medicine', unit_weight_kg: null });
    const loose = await made(add(f.headers, item(f.flock.id, { item_name: 'Loose mash', unit: 'kg', unit_weight_kg: 50 })));
    expect(loose).toMatchObject({ kind: 'feed', unit_weight_kg: 1 });
    expect((await itemRows(f.farm.id)).map((r) => [r.kind, r.unitWeightKg])).toEqual([['feed', 70], ['medicine', null], ['feed', 1]]);
  });

  it('refuses a kind it does not know and a bad weight of one unit, and adds nothing', async () => {
    const f = await farmWithFlock();
    expectRefused(await add(f.headers, item(f.flock.id, { kind: 'toys' })), 400, 'kind', inventoryKindMessages.selectKind);
    expectRefused(await add(f.headers, item(f.flock.id, { unit_weight_kg: 0 })), 400, 'unit_weight_kg', inventoryKindMessages.unitWeightPositive);
    expectRefused(await add(f.headers, item(f.flock.id, { unit_weight_kg: 'heavy' })), 400, 'unit_weight_kg', inventoryKindMessages.unitWeightInvalid);
    expectRefused(await add(f.headers, item(f.flock.id, { unit_weight_kg: 1_001 })), 400, 'unit_weight_kg', inventoryKindMessages.unitWeightTooLarge);
    expectRefused(await add(f.headers, item(f.flock.id, { unit_weight_kg: 50.0001 })), 400, 'unit_weight_kg', inventoryKindMessages.unitWeightDecimals);
    expect(await itemRows(f.farm.id)).toEqual([]);
  });

  it('refuses bad input with the product’s messages and adds nothing', async () => {
    const f = await farmWithFlock();
    const cases: [object, string, string][] = [
      [{ item_name: 'Ab' }, 'item_name', m.nameTooShort],
      [{ item_name: 'x'.repeat(10_000) }, 'item_name', m.nameTooLong],
      [{ flock_id: undefined }, 'flock_id', m.selectFlock],
      [{ quantity: 0 }, 'quantity', m.quantityPositive],
      [{ quantity: -3 }, 'quantity', m.quantityPositive],
      [{ quantity: 2.5 }, 'quantity', m.quantityWhole('bags')],
      [{ quantity: 'many' }, 'quantity', m.quantityInvalid],
      [{ reorder_level: 0 }, 'reorder_level', m.reorderPositive],
      [{ reorder_level: 1.5, unit: 'doses' }, 'reorder_level', m.reorderWhole('doses')],
      [{ cost_per_unit: 0 }, 'cost_per_unit', m.costPositive],
      [{ cost_per_unit: '1.234' }, 'cost_per_unit', moneyMessages.amountDecimals],
      [{ unit: 'barrels' }, 'unit', m.selectUnit],
    ];
    for (const [change, field, message] of cases) expectRefused(await add(f.headers, item(f.flock.id, change)), 400, field, message);
    expect(await itemRows(f.farm.id)).toEqual([]);
  });

  it('refuses another farm’s flock, or none, with 404 and adds nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    for (const flockId of [other.flock.id, 999_999]) {
      const res = await add(f.headers, item(flockId));
      expectRefused(res, 404, 'flock_id', m.selectFlock);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(flockMessages.notFound);
    }
    expect(await itemRows(f.farm.id)).toEqual([]);
    expect(await itemRows(other.farm.id)).toEqual([]);
  });

  it('replays the first answer for the same Idempotency-Key, without a second item or movement', async () => {
    const f = await farmWithFlock();
    const key = { 'idempotency-key': `inventory-${f.farm.id}` };
    const first = await add(f.headers, item(f.flock.id), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await add(f.headers, item(f.flock.id), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await itemRows(f.farm.id)).toHaveLength(1);
    expect(await movementRows(first.json<InventoryItem>().id)).toHaveLength(1);
  });
});

describe('PUT /api/inventory/:id', () => {
  it('saves the full item; a new quantity is a corrected movement of the difference with its note', async () => {
    const f = await farmWithFlock();
    const second = await createFlock(app, f, { name: 'Broilers B' });
    const made1 = await made(add(f.headers, item(f.flock.id)));
    const res = await put(f.headers, made1.id, item(second.id, { item_name: 'Grower mash', quantity: 17, reorder_level: 4, cost_per_unit: 3_000, note: 'Counted' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InventoryItem>()).toMatchObject({ item_name: 'Grower mash', flock_id: second.id, flock_name: 'Broilers B', quantity: 17, reorder_level: 4, value_cents: 5_100_000 });
    expect((await movementRows(made1.id)).map((r) => [r.kind, r.change, r.balance, r.note])).toEqual([
      ['added', 20, 20, null],
      ['corrected', -3, 17, 'Counted'],
    ]);
    // The same quantity again: no movement.
    await made(put(f.headers, made1.id, item(second.id, { quantity: 17 })), 200);
    expect(await movementRows(made1.id)).toHaveLength(2);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('keeps the kind and the weight of one unit when the product’s full item comes without them; changes them when sent', async () => {
    const f = await farmWithFlock();
    const bran = await made(add(f.headers, item(f.flock.id, { item_name: 'Maize bran', kind: 'feed', unit_weight_kg: 70 })));
    const kept = await made(put(f.headers, bran.id, item(f.flock.id, { item_name: 'Maize bran, fine' })), 200);
    expect(kept).toMatchObject({ kind: 'feed', unit_weight_kg: 70 });
    const changed = await made(put(f.headers, bran.id, item(f.flock.id, { item_name: 'Maize bran', kind: 'other', unit_weight_kg: null })), 200);
    expect(changed).toMatchObject({ kind: 'other', unit_weight_kg: null });
    const inKg = await made(put(f.headers, bran.id, item(f.flock.id, { unit: 'kg' })), 200);
    expect(inKg).toMatchObject({ unit: 'kg', unit_weight_kg: 1 });
    const backToBags = await made(put(f.headers, bran.id, item(f.flock.id)), 200);
    expect(backToBags).toMatchObject({ unit: 'bags', unit_weight_kg: null });
  });

  it('refuses bad input, another farm’s flock (404) and changes nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id)));
    const before = await itemRows(f.farm.id);
    expectRefused(await put(f.headers, made1.id, item(f.flock.id, { item_name: 'Ab' })), 400, 'item_name', m.nameTooShort);
    expectRefused(await put(f.headers, made1.id, item(f.flock.id, { quantity: -1 })), 400, 'quantity', m.quantityPositive);
    expectRefused(await put(f.headers, made1.id, { quantity: 3 }), 400, 'item_name', m.nameTooShort);
    expectRefused(await put(f.headers, made1.id, item(other.flock.id)), 404, 'flock_id', m.selectFlock);
    expect(await itemRows(f.farm.id)).toEqual(before);
    expect(await movementRows(made1.id)).toHaveLength(1);
  });
});

describe('inventory ids in the path', () => {
  it('answers 404 for an unknown id or another farm’s, on every route, and leaves that farm’s item as it was', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const theirs = await made(add(other.headers, item(other.flock.id)));
    const before = [await itemRows(other.farm.id), await movementRows(theirs.id)];
    for (const id of [theirs.id, 999_999]) {
      expectRefused(await put(f.headers, id, item(f.flock.id)), 404, undefined, m.notFound);
      expectRefused(await del(f.headers, id), 404, undefined, m.notFound);
      expectRefused(await remove(f.headers, id, { quantity: 1 }), 404, undefined, m.notFound);
      expectRefused(await restock(f.headers, id, { quantity: 1 }), 404, undefined, m.notFound);
      expectRefused(await app.inject({ method: 'GET', url: `/api/inventory/${id}/movements`, headers: f.headers }), 404, undefined, m.notFound);
    }
    expect([await itemRows(other.farm.id), await movementRows(theirs.id)]).toEqual(before);
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await del(f.headers, bad)).statusCode).toBe(400);
  });
});

describe('DELETE /api/inventory/:id', () => {
  it('deletes the item and its ledger; a second delete is 404; the totals follow', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id)));
    expect((await del(f.headers, made1.id)).statusCode).toBe(204);
    expect(await itemRows(f.farm.id)).toEqual([]);
    expect(await movementRows(made1.id)).toEqual([]);
    expectRefused(await del(f.headers, made1.id), 404, undefined, m.notFound);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect(await get<InventoryStats>(f.headers, '/api/inventory/stats')).toEqual({ items: 0, stock_value_cents: 0, low_stock_count: 0, low_stock: [] });
  });
});

describe('POST /api/inventory/:id/remove', () => {
  it('takes stock out with a reason; below the reorder level the answer warns', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id, { quantity: 10, reorder_level: 5 })));
    const first = await made<StockChange>(remove(f.headers, made1.id, { quantity: 5, reason: 'Used', note: 'Week 3' }), 200);
    expect(first).toEqual({
      item: expect.objectContaining({ id: made1.id, quantity: 5, low_stock: true, value_cents: 1_600_000 }),
      movement: {
        id: expect.any(Number),
        item_id: made1.id,
        kind: 'removed',
        change: -5,
        balance: 5,
        cost_per_unit_cents: null,
        reason: 'used',
        note: 'Week 3',
        user_id: f.user.id,
        user_name: f.user.username,
        created_at: expect.any(String),
      },
      // At the level, not below it: no warning.
      warning: null,
    });
    const second = await made<StockChange>(remove(f.headers, made1.id, { quantity: 2 }), 200);
    expect(second.warning).toBe(m.lowStock(3, 5));
    expect(second.warning).toBe('Low stock: 3 left. Reorder at 5.');
    expect(second.movement.reason).toBeNull();
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('refuses removing 0, a negative, a fraction of bags (400) or more than the stock (422), and changes nothing', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id, { quantity: 12 })));
    const kg = await made(add(f.headers, item(f.flock.id, { item_name: 'Grit', unit: 'kg', quantity: 2.5, reorder_level: 1 })));
    const before = await itemRows(f.farm.id);
    expectRefused(await remove(f.headers, made1.id, { quantity: 0 }), 400, 'quantity', m.removalMin);
    expectRefused(await remove(f.headers, made1.id, { quantity: -2 }), 400, 'quantity', m.removalMin);
    expectRefused(await remove(f.headers, made1.id, { quantity: 1.5 }), 400, 'quantity', m.quantityWhole('bags'));
    expectRefused(await remove(f.headers, made1.id, {}), 400, 'quantity', m.removalMin);
    expectRefused(await remove(f.headers, made1.id, { quantity: 'lots' }), 400, 'quantity', m.quantityInvalid);
    expectRefused(await remove(f.headers, made1.id, { quantity: 1, reason: 'eaten' }), 400, 'reason', m.selectReason);
    const tooMuch = await remove(f.headers, made1.id, { quantity: 13 });
    expectRefused(tooMuch, 422, undefined, 'Cannot remove more than available. Stock: 12');
    expectRefused(await remove(f.headers, kg.id, { quantity: 2.6 }), 422, undefined, m.removalTooMuch(2.5));
    expect(await itemRows(f.farm.id)).toEqual(before);
    expect(await movementRows(made1.id)).toHaveLength(1);
    // Kilograms go out in thousandths, down to 0.
    expect((await made<StockChange>(remove(f.headers, kg.id, { quantity: 1.2 }), 200)).item.quantity).toBe(1.3);
    expect((await made<StockChange>(remove(f.headers, kg.id, { quantity: 1.3 }), 200)).item.quantity).toBe(0);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('replays a removal for the same Idempotency-Key: the stock goes down once', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id)));
    const key = { 'idempotency-key': `remove-${made1.id}` };
    const first = await remove(f.headers, made1.id, { quantity: 4 }, key);
    const again = await remove(f.headers, made1.id, { quantity: 4 }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await itemRows(f.farm.id))[0]?.quantity).toBe(16);
  });

  it('20 removals of 1 at once from a stock of 10: 10 succeed, 10 are refused (422), the stock ends at 0 and the ledger agrees', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id, { quantity: 10, reorder_level: 3 })));
    const heard = await heardDuring(f.farm.id, async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => remove(f.headers, made1.id, { quantity: 1, reason: 'used' }, i % 3 === 0 ? { 'idempotency-key': `twenty-${made1.id}-${i}` } : {})),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([...Array.from({ length: 10 }, () => 200), ...Array.from({ length: 10 }, () => 422)]);
      for (const refused of answers.filter((a) => a.statusCode === 422)) {
        expect(refused.json<{ error: { message: string } }>().error.message).toBe(m.removalTooMuch(0));
      }
    });
    expect((await itemRows(f.farm.id))[0]?.quantity).toBe(0);
    const ledger = await movementRows(made1.id);
    expect(ledger.map((r) => r.balance)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect(heard.filter((e) => e.name === 'inventory_removed')).toHaveLength(10);
    // From 3 (at the level) to 2: once.
    expect(heard.filter((e) => e.name === 'low_stock')).toEqual([
      { type: 'inventory', name: 'low_stock', action: 'low_stock', id: made1.id, item_name: 'Layers mash', text: m.lowStock(2, 3) },
    ]);
  });
});

describe('POST /api/inventory/:id/restock', () => {
  it('adds stock at a new cost per unit, or the item’s own', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id, { quantity: 2 })));
    const first = await made<StockChange>(restock(f.headers, made1.id, { quantity: 8, costPerUnit: 3_500, note: 'Unga Feeds' }), 200);
    expect(first.item).toMatchObject({ quantity: 10, cost_per_unit_cents: 350_000, value_cents: 3_500_000, low_stock: false });
    expect(first.movement).toMatchObject({ kind: 'added', change: 8, balance: 10, cost_per_unit_cents: 350_000, note: 'Unga Feeds', user_name: f.user.username });
    expect(first.warning).toBeNull();
    const second = await made<StockChange>(restock(f.headers, made1.id, { quantity: 1 }), 200);
    expect(second.movement.cost_per_unit_cents).toBe(350_000);
    expect(second.item.quantity).toBe(11);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
  });

  it('refuses 0, a negative, a fraction of bags, a bad cost and a stock past the maximum, and changes nothing', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id, { cost_per_unit: 1 })));
    const before = await itemRows(f.farm.id);
    expectRefused(await restock(f.headers, made1.id, { quantity: 0 }), 400, 'quantity', m.quantityPositive);
    expectRefused(await restock(f.headers, made1.id, { quantity: -4 }), 400, 'quantity', m.quantityPositive);
    expectRefused(await restock(f.headers, made1.id, { quantity: 0.5 }), 400, 'quantity', m.quantityWhole('bags'));
    expectRefused(await restock(f.headers, made1.id, { quantity: 1, cost_per_unit: 0 }), 400, 'cost_per_unit', m.costPositive);
    expectRefused(await restock(f.headers, made1.id, { quantity: 10_000_000 }), 422, undefined, m.quantityTooLarge);
    expect(await itemRows(f.farm.id)).toEqual(before);
    expect(await movementRows(made1.id)).toHaveLength(1);
  });
});

describe('GET /api/inventory', () => {
  async function stocked() {
    const f = await farmWithFlock({ name: 'Alpha' });
    const second = await createFlock(app, f, { name: 'Beta' });
    const rows = [
      item(f.flock.id, { item_name: 'Layers mash', quantity: 20, reorder_level: 5, cost_per_unit: 3_200 }),
      item(second.id, { item_name: 'Newcastle vaccine', unit: 'doses', quantity: 100, reorder_level: 200, cost_per_unit: 5 }),
      item(f.flock.id, { item_name: 'Wood shavings', unit: 'kg', quantity: 50.5, reorder_level: 10, cost_per_unit: 40 }),
      item(second.id, { item_name: 'Amprolium', unit: 'litres', quantity: 2, reorder_level: 2, cost_per_unit: 1_500 }),
    ];
    const made4: InventoryItem[] = [];
    for (const row of rows) made4.push(await made(add(f.headers, row)));
    return { f, second, items: made4 };
  }

  it('pages the farm’s items by name, 10 a page, with the kept total', async () => {
    const { f } = await stocked();
    for (let i = 0; i < 8; i++) await made(add(f.headers, item(f.flock.id, { item_name: `Drug ${String(i).padStart(2, '0')}` })));
    const first = await get<Page<InventoryItem>>(f.headers, '/api/inventory');
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.items.map((i) => i.item_name).slice(0, 3)).toEqual(['Amprolium', 'Drug 00', 'Drug 01']);
    const second = await get<Page<InventoryItem>>(f.headers, '/api/inventory/?page=2');
    expect(second.items.map((i) => i.item_name)).toEqual(['Newcastle vaccine', 'Wood shavings']);
    expect((await get<Page<InventoryItem>>(f.headers, '/api/inventory?page=5')).total).toBe(12);
  });

  it('sorts by each column both ways, ties by id', async () => {
    const { f } = await stocked();
    const names = async (query: string) => (await get<Page<InventoryItem>>(f.headers, `/api/inventory?${query}`)).items.map((i) => i.item_name);
    expect(await names('sort=quantity')).toEqual(['Amprolium', 'Layers mash', 'Wood shavings', 'Newcastle vaccine']);
    expect(await names('sort=reorder_level&order=desc')).toEqual(['Newcastle vaccine', 'Wood shavings', 'Layers mash', 'Amprolium']);
    expect(await names('sort=cost')).toEqual(['Newcastle vaccine', 'Wood shavings', 'Amprolium', 'Layers mash']);
    expect(await names('sort=value&order=desc')).toEqual(['Layers mash', 'Amprolium', 'Wood shavings', 'Newcastle vaccine']);
    expect(await names('sort=flock')).toEqual(['Layers mash', 'Wood shavings', 'Newcastle vaccine', 'Amprolium']);
    expect(await names('sort=name&order=desc')).toEqual(['Wood shavings', 'Newcastle vaccine', 'Layers mash', 'Amprolium']);
    expect((await app.inject({ method: 'GET', url: '/api/inventory?sort=colour', headers: f.headers })).statusCode).toBe(400);
  });

  it('searches name and flock; filters by flock and low stock (at or below the reorder level)', async () => {
    const { f, second } = await stocked();
    const names = async (query: string) => {
      const page = await get<Page<InventoryItem>>(f.headers, `/api/inventory?${query}`);
      return { total: page.total, names: page.items.map((i) => i.item_name) };
    };
    expect(await names('q=mash')).toEqual({ total: 1, names: ['Layers mash'] });
    expect(await names('q=beta')).toEqual({ total: 2, names: ['Amprolium', 'Newcastle vaccine'] });
    expect(await names(`flock_id=${f.flock.id}`)).toEqual({ total: 2, names: ['Layers mash', 'Wood shavings'] });
    expect(await names('low_stock=true')).toEqual({ total: 2, names: ['Amprolium', 'Newcastle vaccine'] });
    expect(await names(`low_stock=true&flock_id=${second.id}&q=vacc`)).toEqual({ total: 1, names: ['Newcastle vaccine'] });
    const page = await get<Page<InventoryItem>>(f.headers, '/api/inventory?low_stock=true');
    expect(page.items.every((i) => i.low_stock)).toBe(true);
  });

  it('shows nothing of another farm, even for its flock id', async () => {
    const { f } = await stocked();
    const other = await farmWithFlock();
    expect(await get<Page<InventoryItem>>(other.headers, '/api/inventory')).toMatchObject({ total: 0, items: [] });
    expect(await get<Page<InventoryItem>>(other.headers, `/api/inventory?flock_id=${f.flock.id}`)).toMatchObject({ total: 0, items: [] });
  });
});

describe('GET /api/inventory/:id/movements', () => {
  it('lists the item’s ledger newest first, 10 a page, with who made each movement', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id, { quantity: 20 })));
    for (let i = 0; i < 11; i++) await made<StockChange>(remove(f.headers, made1.id, { quantity: 1, reason: 'spoiled' }), 200);
    const page = await get<Page<StockMovement>>(f.headers, `/api/inventory/${made1.id}/movements`);
    expect(page).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(page.items[0]).toMatchObject({ kind: 'removed', change: -1, balance: 9, reason: 'spoiled', user_id: f.user.id, user_name: f.user.username });
    const last = await get<Page<StockMovement>>(f.headers, `/api/inventory/${made1.id}/movements/?page=2`);
    expect(last.items.map((r) => [r.kind, r.balance])).toEqual([
      ['removed', 19],
      ['added', 20],
    ]);
  });
});

describe('GET /api/inventory/stats', () => {
  it('counts items, sums the stock value and lists the items at or below their level, lowest share first', async () => {
    const f = await farmWithFlock();
    const mash = await made(add(f.headers, item(f.flock.id, { quantity: 20, reorder_level: 5, cost_per_unit: 3_200 })));
    const vaccine = await made(add(f.headers, item(f.flock.id, { item_name: 'Gumboro vaccine', unit: 'doses', quantity: 100, reorder_level: 200, cost_per_unit: 5 })));
    const drug = await made(add(f.headers, item(f.flock.id, { item_name: 'Amprolium', unit: 'litres', quantity: 2, reorder_level: 2, cost_per_unit: 1_500.5 })));
    const stats = await get<InventoryStats>(f.headers, '/api/inventory/stats');
    expect(stats).toEqual({
      items: 3,
      stock_value_cents: (mash.value_cents ?? 0) + (vaccine.value_cents ?? 0) + (drug.value_cents ?? 0),
      low_stock_count: 2,
      low_stock: [
        { id: vaccine.id, item_name: 'Gumboro vaccine', quantity: 100, unit: 'doses', reorder_level: 200 },
        { id: drug.id, item_name: 'Amprolium', quantity: 2, unit: 'litres', reorder_level: 2 },
      ],
    });
    expect(stats.stock_value_cents).toBe(6_400_000 + 50_000 + 300_100);
    const other = await farmWithFlock();
    expect(await get<InventoryStats>(other.headers, '/api/inventory/stats')).toEqual({ items: 0, stock_value_cents: 0, low_stock_count: 0, low_stock: [] });
  });

  it('lists at most 10 items to restock', async () => {
    const f = await farmWithFlock();
    for (let i = 0; i < 12; i++) await made(add(f.headers, item(f.flock.id, { item_name: `Item ${i}`, quantity: i + 1, reorder_level: 20 })));
    const stats = await get<InventoryStats>(f.headers, '/api/inventory/stats');
    expect(stats.low_stock_count).toBe(12);
    expect(stats.low_stock.map((i) => i.quantity)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('events', () => {
  it('publishes inventory_* to the farm only, after the write; low_stock once on crossing; refused changes publish nothing', async () => {
    const f = await farmWithFlock();
    const other = await farmWithFlock();
    const overheard: FarmEvent[] = [];
    const stopOther = app.events.subscribe(other.farm.id, (e) => overheard.push(e));
    let id = 0;
    const heard = await heardDuring(f.farm.id, async () => {
      id = (await made(add(f.headers, item(f.flock.id, { quantity: 10, reorder_level: 5 })))).id;
      await remove(f.headers, id, { quantity: 5 }); // 5: at the level
      await remove(f.headers, id, { quantity: 1 }); // 4: below, low_stock
      await remove(f.headers, id, { quantity: 1 }); // 3: already below
      await restock(f.headers, id, { quantity: 7 }); // 10
      await put(f.headers, id, item(f.flock.id, { quantity: 2, reorder_level: 5 })); // corrected to 2: low_stock
      // Refused: nothing published.
      await remove(f.headers, id, { quantity: 3 });
      await add(f.headers, item(other.flock.id));
      await del(f.headers, id);
    });
    stopOther();
    expect(heard).toEqual([
      { type: 'inventory', name: 'inventory_added', action: 'added', id },
      { type: 'inventory', name: 'inventory_removed', action: 'removed', id },
      { type: 'inventory', name: 'inventory_removed', action: 'removed', id },
      { type: 'inventory', name: 'low_stock', action: 'low_stock', id, item_name: 'Layers mash', text: m.lowStock(4, 5) },
      { type: 'inventory', name: 'inventory_removed', action: 'removed', id },
      { type: 'inventory', name: 'inventory_restocked', action: 'restocked', id },
      { type: 'inventory', name: 'inventory_updated', action: 'updated', id },
      { type: 'inventory', name: 'low_stock', action: 'low_stock', id, item_name: 'Layers mash', text: m.lowStock(2, 5) },
      { type: 'inventory', name: 'inventory_deleted', action: 'deleted', id },
    ]);
    expect(overheard).toEqual([]);
  });
});

describe('deleting a flock with inventory items', () => {
  it('archives it, keeping them; with everything=true removes it and them, the totals with them', async () => {
    const f = await farmWithFlock();
    await made(add(f.headers, item(f.flock.id)));
    const archived = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}`, headers: f.headers });
    expect(archived.json()).toEqual({ result: 'archived' });
    expect((await app.db.select().from(flocks).where(eq(flocks.id, f.flock.id)))[0]).toMatchObject({ status: 'archived' });
    expect(await itemRows(f.farm.id)).toHaveLength(1);
    const everything = await app.inject({ method: 'DELETE', url: `/api/flocks/${f.flock.id}?everything=true&confirm_name=${encodeURIComponent(f.flock.name)}`, headers: f.headers });
    expect(everything.json()).toEqual({ result: 'deleted' });
    expect(await itemRows(f.farm.id)).toEqual([]);
    expect(await counterDrift(app.database, f.farm.id)).toEqual([]);
    expect((await get<InventoryStats>(f.headers, '/api/inventory/stats')).items).toBe(0);
  });
});

describe('without a session', () => {
  it('answers 401 on every inventory route and changes nothing', async () => {
    const f = await farmWithFlock();
    const made1 = await made(add(f.headers, item(f.flock.id)));
    const before = [await itemRows(f.farm.id), await movementRows(made1.id)];
    for (const [method, url, payload] of [
      ['GET', '/api/inventory', undefined],
      ['GET', '/api/inventory/', undefined],
      ['GET', '/api/inventory/stats', undefined],
      ['POST', '/api/inventory/', item(f.flock.id)],
      ['PUT', `/api/inventory/${made1.id}`, item(f.flock.id, { quantity: 1 })],
      ['DELETE', `/api/inventory/${made1.id}`, undefined],
      ['POST', `/api/inventory/${made1.id}/remove`, { quantity: 1 }],
      ['POST', `/api/inventory/${made1.id}/restock`, { quantity: 1 }],
      ['GET', `/api/inventory/${made1.id}/movements`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect([await itemRows(f.farm.id), await movementRows(made1.id)]).toEqual(before);
  });

  it('takes the product’s paths with a trailing slash', async () => {
    const f = await farmWithFlock();
    const res = await app.inject({ method: 'POST', url: '/api/inventory/', headers: f.headers, payload: item(f.flock.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get<Page<InventoryItem>>(f.headers, '/api/inventory/')).total).toBe(1);
    const id = res.json<InventoryItem>().id;
    expect((await app.inject({ method: 'PUT', url: `/api/inventory/${id}/`, headers: f.headers, payload: item(f.flock.id) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/inventory/${id}/`, headers: f.headers })).statusCode).toBe(204);
  });
});

describe('who added and last changed an item', () => {
  it("answers the adder's name, then a second member's change or stock removal as the last one, in the answers and the list", async () => {
    const f = await farmWithFlock();
    const owner = f.user.username;
    const added = await made(add(f.headers, item(f.flock.id)));
    expect(added).toMatchObject({ created_by_name: owner, updated_by_name: owner });

    const manager = await addMember(app, f.farm, 'manager');
    const edited = await put(manager.headers, added.id, item(f.flock.id, { item_name: 'Grower mash' }));
    expect(edited.json<InventoryItem>()).toMatchObject({ created_by_name: owner, updated_by_name: manager.user.username });

    const worker = await addMember(app, f.farm, 'worker');
    const removed = await made<StockChange>(remove(worker.headers, added.id, { quantity: 1 }), 200);
    expect(removed.item).toMatchObject({ created_by_name: owner, updated_by_name: worker.user.username });
    expect(removed.movement.user_name).toBe(worker.user.username);
    expect((await itemRows(f.farm.id))[0]).toMatchObject({ createdBy: f.user.id, updatedBy: worker.user.id });

    expect((await get<{ items: InventoryItem[] }>(f.headers, '/api/inventory')).items).toEqual([
      expect.objectContaining({ id: added.id, created_by_name: owner, updated_by_name: worker.user.username }),
    ]);
  });
});
