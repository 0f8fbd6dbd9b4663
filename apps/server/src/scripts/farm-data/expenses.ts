import { dayIn, shiftMonth, type ExpenseCategory } from '@kuku/domain';
import { type budgets, type expenses } from '../../db/schema/index.js';
import type { CostedFlock } from './flocks.js';
import { dayNumber, dayText, recordedAt } from './shared.js';

const FEED_NOTES = ['Layers mash', 'Growers mash', 'Chick mash', 'Layers mash, Unga Farm Care', 'Kienyeji mash'];
const VET_NOTES = ['Vet visit', 'Newcastle vaccine', 'Dewormer', 'Vitamins and electrolytes', 'Antibiotics for coryza'];
const UTILITY_NOTES = ['Electricity tokens', 'Water bill', 'Water and electricity'];
const TRANSPORT_NOTES = ['Pickup to the feed store', 'Boda boda to the vet', 'Eggs to the market', 'Lorry for wood shavings'];
/** A 70 kg bag of layers mash costs KES 3,600 now, KES 150 a year less before. */
const FEED_BAG_NOW_CENTS = 360_000;

type ExpenseRow = typeof expenses.$inferInsert;

/**
 * Every flock's costs from the day it arrived to the farm's today (or to when it was
 * archived): feed every week, bags for its birds (about 120 g a bird a day, 70 kg a bag, the
 * price rising over the years); a vet bill and the utilities every month; transport every 2 to
 * 6 weeks. Written in date order.
 */
export function expenseRows(costed: CostedFlock[], farmId: number, userId: number, timeZone: string, now: Date, random: () => number): ExpenseRow[] {
  const todayNumber = dayNumber(dayIn(now, timeZone));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const rows: ExpenseRow[] = [];
  const add = (flockId: number, day: number, category: ExpenseCategory, description: string, cents: number) => {
    const createdAt = recordedAt(day, 9 + Math.floor(random() * 6), now);
    rows.push({ farmId, flockId, createdBy: userId, updatedBy: userId, date: dayText(day), description, amountCents: Math.max(100, cents), category, createdAt, updatedAt: createdAt });
  };
  for (const flock of costed) {
    const first = dayNumber(dayIn(flock.createdAt, timeZone));
    const last = flock.endsAt ? Math.min(todayNumber, dayNumber(dayIn(flock.endsAt, timeZone))) : todayNumber;
    let nextVet = first + 5 + Math.floor(random() * 20);
    let nextUtilities = first + 10 + Math.floor(random() * 20);
    let nextTransport = first + 7 + Math.floor(random() * 30);
    for (let day = first; day <= last; day++) {
      const yearsAgo = (todayNumber - day) / 365;
      if ((day - first) % 7 === 0) {
        const bags = Math.max(1, Math.round((flock.birds * 0.12 * 7) / 70));
        const bag = Math.round((FEED_BAG_NOW_CENTS - yearsAgo * 15_000) / 5_000) * 5_000;
        add(flock.id, day, 'Feed', `${pick(FEED_NOTES)}, ${bags} ${bags === 1 ? 'bag' : 'bags'}`, bags * bag);
      }
      if (day >= nextVet) {
        add(flock.id, day, 'Vet', pick(VET_NOTES), Math.round((1_500 + random() * 4_500) * (1 - yearsAgo * 0.03)) * 100);
        nextVet = day + 26 + Math.floor(random() * 10);
      }
      if (day >= nextUtilities) {
        add(flock.id, day, 'Utilities', pick(UTILITY_NOTES), Math.round((1_800 + random() * 2_400) * (1 - yearsAgo * 0.03)) * 100);
        nextUtilities = day + 28 + Math.floor(random() * 5);
      }
      if (day >= nextTransport) {
        add(flock.id, day, random() < 0.85 ? 'Transport' : 'Others', random() < 0.85 ? pick(TRANSPORT_NOTES) : 'Egg trays and buckets', Math.round(500 + random() * 2_500) * 100);
        nextTransport = day + 14 + Math.floor(random() * 29);
      }
    }
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.flockId - b.flockId));
  return rows;
}

/**
 * Budgets of the flocks not archived for this month and the three before: about a fifth above
 * what each spent in an average month of the last three it spent in, in whole thousands of shillings; the
 * first flock that spent this month is already over this month's (the Expenses screen shows
 * the colour at once).
 */
export function budgetRows(costed: CostedFlock[], rows: ExpenseRow[], farmId: number, userId: number, today: string, now: Date): (typeof budgets.$inferInsert)[] {
  const thisMonth = today.slice(0, 7);
  const months = [3, 2, 1, 0].map((back) => shiftMonth(thisMonth, -back));
  const spent = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.flockId} ${row.date.slice(0, 7)}`;
    spent.set(key, (spent.get(key) ?? 0) + row.amountCents);
  }
  const out: (typeof budgets.$inferInsert)[] = [];
  let over = false;
  for (const flock of costed) {
    if (flock.archived) continue;
    // A month the flock spent nothing in (not yet on the farm) does not count, and a young flock
    // that spends faster now (a broiler batch growing) is budgeted on this month's pace.
    const past = months.slice(0, 3).map((month) => spent.get(`${flock.id} ${month}`) ?? 0).filter((cents) => cents > 0);
    const spentNow = spent.get(`${flock.id} ${thisMonth}`) ?? 0;
    const pace = (spentNow / Number(today.slice(8, 10))) * 30;
    const average = Math.max(past.length > 0 ? past.reduce((sum, cents) => sum + cents, 0) / past.length : 0, pace);
    for (const month of months) {
      let amount = Math.max(100_000, Math.round((average * 1.2) / 100_000) * 100_000);
      if (month === thisMonth && !over && spentNow > 0) {
        // Over this month's budget: a tenth below what it spent so far.
        amount = Math.max(0, Math.floor((spentNow * 0.9) / 100_000) * 100_000);
        over = true;
      }
      out.push({ farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, month: Number(month.slice(5)), year: Number(month.slice(0, 4)), amountCents: amount, createdAt: now, updatedAt: now });
    }
  }
  return out;
}
