import { EGGS_PER_TRAY, lineTotalCents, SALE_CATEGORIES, saleUnit, type SaleCategory, type SaleStatus, type SaleType } from '@kuku/domain';
import { type eggProductions, type sales } from '../../db/schema/index.js';
import { broilerWeightKg } from './feed.js';
import type { LayingFlock } from './flocks.js';
import { dayNumber, dayText, recordedAt } from './shared.js';

/** docs/product.md §9's sale types as often as a Kenyan farm takes them: M-Pesa first, then cash. */
const SALE_TYPE_SHARES: [SaleType, number][] = [
  ['Mobile Money', 0.55],
  ['Cash', 0.25],
  ['Credit', 0.12],
  ['Bank Transfer', 0.08],
];
const EGG_BUYERS = [
  null,
  null,
  'Mama Njeri, Kawangware market',
  'Naivas supermarket',
  'Hotel Kilimanjaro',
  "St. Mary's school kitchen",
  'Wholesaler, Githurai',
  'Quickmart',
  'Kiosk at the matatu stage',
  'Neighbours',
];
const MANURE_BUYERS = [null, 'Flower farm, Naivasha', "Neighbour's shamba", 'Kale farmer, Limuru'];
const CHICK_BUYERS = [null, 'Kienyeji farmer, Kakamega', 'Youth group, Machakos', 'Neighbour'];
const MASH_BUYERS = [null, 'Neighbour', 'Farmer down the road'];
/**
 * Who buys on credit when the sale names no buyer: a farmer gives credit to people they know
 * (the debtors screen, decision 055). Chosen by the day, not by a draw: the rest of the demo stays as it was.
 */
const CREDIT_BUYERS = ['Mama Njeri, Kawangware market', 'Hotel Kilimanjaro', "St. Mary's school kitchen", 'Kiosk at the matatu stage'];
/** A crate of 30 sells for KES 450 now, KES 12 a year less before, never under KES 330. */
const CRATE_NOW_CENTS = 45_000;
const CRATE_FLOOR_CENTS = 33_000;
const BIRD_BUYERS = [null, 'Butchery, Kangemi', 'Hotel Kilimanjaro', 'Trader from Githurai', 'Neighbour'];
/**
 * Live broilers sell by the kg (decision 072), KES 320 a kg now, KES 10 a year less before, weighed
 * at the batch's age; a spent hen by the bird, KES 400 now, KES 20 a year less.
 */
const BROILER_KG_NOW_CENTS = 32_000;
const SPENT_HEN_NOW_CENTS = 40_000;

/** Birds that left the farm sold (a 'sold' bird-count change): a broiler batch whole, some hens of a layer flock. */
interface BirdSale {
  flockId: number;
  day: string;
  birds: number;
  broiler: boolean;
  /** The birds' age in days when sold. */
  ageDays: number;
}

type SaleRow = typeof sales.$inferInsert;

/**
 * Each laying flock's sales over its laying life: every 2 to 5 days its eggs in crates of 30,
 * 75-90 % of what it laid since its last sale that month (never more crates than it laid;
 * what is left at a month's end went to the house and the neighbours), at KES 330-450 a crate
 * rising over the years; every few weeks manure by the sack, now and then layer mash by the kg
 * and, from free-range flocks, chicks. Paid by M-Pesa mostly, then cash, credit and bank
 * transfer; credit of the last six weeks mostly still pending, a few older debts too. Today
 * always has a sale, so this month shows some. Refs are numbered in date order from 1.
 */
export function saleRows(
  laying: LayingFlock[],
  productions: (typeof eggProductions.$inferInsert)[],
  birdSales: BirdSale[],
  farmId: number,
  userId: number,
  today: string,
  now: Date,
  random: () => number,
): SaleRow[] {
  const todayNumber = dayNumber(today);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const saleType = (): SaleType => {
    let r = random();
    for (const [type, share] of SALE_TYPE_SHARES) if ((r -= share) < 0) return type;
    return 'Mobile Money';
  };
  const statusOf = (type: SaleType, day: number): SaleStatus => {
    const age = todayNumber - day;
    // Credit is paid within weeks, mostly: the last three weeks' mostly owed, some older, a few for good.
    if (type === 'Credit') return random() < (age <= 21 ? 0.75 : age <= 60 ? 0.25 : 0.02) ? 'pending' : 'paid';
    return age <= 2 && random() < 0.1 ? 'pending' : 'paid';
  };
  const yearsAgo = (day: number) => (todayNumber - day) / 365;
  const rows: SaleRow[] = [];
  const add = (
    flockId: number,
    day: number,
    category: SaleCategory,
    product: string,
    description: string | null,
    quantity: number,
    priceCents: number,
    unit?: string,
    birds?: { birds: number; weightKg: number | null },
  ) => {
    const total = lineTotalCents(quantity, priceCents);
    if (!total.ok) return;
    const type = saleType();
    const buyer = description ?? (type === 'Credit' ? (CREDIT_BUYERS[day % CREDIT_BUYERS.length] ?? null) : null);
    const createdAt = recordedAt(day, 12 + Math.floor(random() * 4), now);
    rows.push({
      farmId,
      flockId,
      createdBy: userId,
      updatedBy: userId,
      refNo: 0,
      category,
      product,
      description: buyer,
      quantity,
      unit: saleUnit(category, unit),
      birds: birds?.birds ?? null,
      weightKg: birds?.weightKg ?? null,
      unitPriceCents: priceCents,
      amountCents: total.cents,
      date: dayText(day),
      saleType: type,
      status: statusOf(type, day),
      createdAt,
      updatedAt: createdAt,
    });
  };

  const byFlock = new Map<number, (typeof eggProductions.$inferInsert)[]>();
  for (const p of productions) {
    const days = byFlock.get(p.flockId);
    if (days) days.push(p);
    else byFlock.set(p.flockId, [p]);
  }
  let soldToday = false;
  for (const flock of laying) {
    const days = (byFlock.get(flock.id) ?? []).sort((a, b) => (a.dateProduced < b.dateProduced ? -1 : 1));
    const first = days[0];
    if (!first) continue;
    let stock = 0;
    let month = '';
    let nextEggSale = dayNumber(first.dateProduced) + 2 + Math.floor(random() * 4);
    let nextManure = dayNumber(first.dateProduced) + 10 + Math.floor(random() * 30);
    let nextMash = dayNumber(first.dateProduced) + 60 + Math.floor(random() * 120);
    let nextChicks = dayNumber(first.dateProduced) + 30 + Math.floor(random() * 60);
    const hatches = flock.breed === 'Free Range' || flock.breed === 'Improved Free Range';
    for (const p of days) {
      const day = dayNumber(p.dateProduced);
      if (p.dateProduced.slice(0, 7) !== month) {
        month = p.dateProduced.slice(0, 7);
        stock = 0;
      }
      stock += p.eggsCollected;
      const forced = day === todayNumber && !soldToday;
      if (day >= nextEggSale || forced) {
        const crates = Math.floor((stock * (0.75 + random() * 0.15)) / EGGS_PER_TRAY);
        if (crates > 0) {
          // A few shillings either way from buyer to buyer, within KES 330-450.
          const price = CRATE_NOW_CENTS - Math.round(yearsAgo(day) * 1_200) + 500 * Math.floor(random() * 5 - 2);
          const crate = Math.min(CRATE_NOW_CENTS, Math.max(CRATE_FLOOR_CENTS, Math.round(price / 500) * 500));
          add(flock.id, day, 'Egg Sales', random() < 0.8 ? 'Eggs (crate of 30)' : 'Grade A eggs', pick(EGG_BUYERS), crates, crate);
          stock -= crates * EGGS_PER_TRAY;
          if (day === todayNumber) soldToday = true;
        }
        nextEggSale = day + 2 + Math.floor(random() * 4);
      }
      if (day >= nextManure) {
        const price = Math.max(15_000, 30_000 - Math.round(yearsAgo(day) * 1_200));
        add(flock.id, day, 'Manure', 'Chicken manure', pick(MANURE_BUYERS), 5 + Math.floor(random() * 21), Math.round(price / 1_000) * 1_000);
        nextManure = day + 20 + Math.floor(random() * 21);
      }
      if (day >= nextMash) {
        const price = Math.max(4_500, 6_500 - Math.round(yearsAgo(day) * 200));
        add(flock.id, day, 'Layer Mash', 'Layers mash', pick(MASH_BUYERS), 50 + Math.floor(random() * 300) / 2, Math.round(price / 50) * 50);
        nextMash = day + 120 + Math.floor(random() * 90);
      }
      if (hatches && day >= nextChicks) {
        const price = Math.max(8_000, 15_000 - Math.round(yearsAgo(day) * 600));
        add(flock.id, day, 'Chicks', 'Day-old kienyeji chicks', pick(CHICK_BUYERS), 20 + Math.floor(random() * 81), Math.round(price / 500) * 500);
        nextChicks = day + 45 + Math.floor(random() * 46);
      }
    }
  }
  // Every bird sold is a sale of its flock: a broiler batch's is most of what it earns.
  for (const sold of birdSales) {
    const day = dayNumber(sold.day);
    if (sold.broiler) {
      // Weighed on the buyer's scale, to a tenth of a kg: about the breed's weight at that age.
      const kg = Math.round(sold.birds * broilerWeightKg(sold.ageDays) * (0.97 + random() * 0.06) * 10) / 10;
      const price = BROILER_KG_NOW_CENTS - Math.round(yearsAgo(day) * 1_000) + 500 * Math.floor(random() * 3 - 1);
      add(sold.flockId, day, 'Live Birds', 'Live broilers', pick(BIRD_BUYERS), kg, Math.round(price / 100) * 100, 'Kg', { birds: sold.birds, weightKg: kg });
    } else {
      const price = SPENT_HEN_NOW_CENTS - Math.round(yearsAgo(day) * 2_000) + 1_000 * Math.floor(random() * 3 - 1);
      add(sold.flockId, day, 'Culled Hens', 'Spent hens', pick(BIRD_BUYERS), sold.birds, Math.round(price / 500) * 500, 'Birds', { birds: sold.birds, weightKg: null });
    }
  }
  // Written in date order, as a farm records them: refs and ids follow the dates.
  const order = (category: SaleCategory) => SALE_CATEGORIES.indexOf(category);
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.flockId - b.flockId || order(a.category) - order(b.category)));
  rows.forEach((row, i) => (row.refNo = i + 1));
  return rows;
}
