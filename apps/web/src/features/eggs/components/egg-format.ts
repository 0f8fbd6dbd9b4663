import { eggMessages, formatCount } from '@kuku/domain';

/**
 * A count field as typed, less the spaces and commas of a grouped number ('2,000'). Anything
 * else stays, so that '2.5' trays is refused with a message rather than read as 25.
 */
export function countTyped(value: string): string {
  return value.replace(/[\s,]/g, '').slice(0, 12);
}

/** A count typed: its number when it is digits alone; NaN when empty or not a whole number. */
export function countValue(text: string): number {
  return text === '' || !/^\d*\.?\d*$/.test(text) ? Number.NaN : Number(text);
}

/** "1 egg", "365 eggs". */
export function eggsText(eggs: number): string {
  return eggMessages.eggCount(eggs, formatCount(eggs));
}
