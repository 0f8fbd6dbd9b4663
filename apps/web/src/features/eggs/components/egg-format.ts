import { formatCount } from '../../../ui/calendar';

/**
 * A count field keeps only digits: the numeric keypad (inputMode numeric; Mantine's NumberInput
 * forces the decimal one) has no minus or point, and a paste is cleaned the same way.
 */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, 9);
}

/** "1 egg", "365 eggs". */
export function eggsText(eggs: number): string {
  return `${formatCount(eggs)} ${eggs === 1 ? 'egg' : 'eggs'}`;
}

/** The flock last recorded in this visit: most days a farmer records the same flock, so both forms offer it first. */
let lastFlockId: number | undefined;

export function rememberFlock(id: number): void {
  lastFlockId = id;
}

/** The flock a new record starts with: the one last recorded, or the farm's only flock; none otherwise. */
export function preferredFlock(flocks: readonly { id: number }[]): string {
  if (lastFlockId !== undefined && flocks.some((f) => f.id === lastFlockId)) return String(lastFlockId);
  return flocks.length === 1 && flocks[0] ? String(flocks[0].id) : '';
}
