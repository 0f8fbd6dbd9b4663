/**
 * The weekly summary's balance checks (decision 078): the stock counts' balances of the week
 * (decision 077) as the summary's lines: eggs, each feed item, each flock's birds, and money
 * where the farm records what was banked.
 */
import type { BalanceLine, BalanceLines } from '@kuku/domain';
import type { DbOrTx } from '../../db/client.js';
import { balanceChecks } from '../stock-counts/balances.js';

/** The parts of a balance the summary shows (the stock counts' line, decision 077). */
interface Balance {
  opening: number;
  came_in: Record<string, number>;
  went_out: Record<string, number>;
  closing: number;
  last_count: { counted: number } | null;
  difference: number | null;
  beyond_margin: boolean;
}

/** The stock counts' balance checks of a range, as far as the summary reads them. */
export interface BalanceChecksRead {
  eggs: Balance;
  feed: (Balance & { item_name: string; unit: string })[];
  birds: (Balance & { flock_name: string })[];
  money: { paid_cents: number; received_cents: number | null; difference_cents: number | null; recorded: boolean };
}

const total = (by: Record<string, number>) => Object.values(by).reduce((sum, n) => sum + n, 0);

function line(kind: BalanceLine['kind'], name: string, unit: string, b: Balance): BalanceLine {
  return {
    kind,
    name,
    unit,
    opening: b.opening,
    came_in: total(b.came_in),
    went_out: total(b.went_out),
    expected: b.closing,
    counted: b.last_count?.counted ?? null,
    difference: b.difference,
    beyond_margin: b.beyond_margin,
  };
}

/** The summary's lines of the balance checks. */
export function balanceLines(checks: BalanceChecksRead): BalanceLines {
  const lines = [
    line('eggs', '', 'eggs', checks.eggs),
    ...checks.feed.map((f) => line('feed', f.item_name, f.unit, f)),
    ...checks.birds.map((b) => line('birds', b.flock_name, 'birds', b)),
  ];
  if (checks.money.recorded && checks.money.received_cents !== null) {
    lines.push({
      kind: 'money',
      name: '',
      unit: 'KES',
      opening: 0,
      came_in: checks.money.paid_cents,
      went_out: 0,
      expected: checks.money.paid_cents,
      counted: checks.money.received_cents,
      difference: checks.money.difference_cents,
      beyond_margin: (checks.money.difference_cents ?? 0) !== 0,
    });
  }
  return lines;
}

/** The week's balance lines, from the stock counts' balance checks of the same days. */
export async function weekBalances(db: DbOrTx, farmId: number, range: { start: string; end: string }): Promise<BalanceLines | null> {
  return balanceLines(await balanceChecks(db, farmId, range));
}
