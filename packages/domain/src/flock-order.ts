/**
 * The order flocks are offered in, in its own module: every flock select imports it, and the
 * rest of the flock rules would come with it into those screens' first download (decision 017).
 */

let nameCollator: Intl.Collator | undefined;

/** Flock names as a farmer counts them: 'batch 4' before 'batch 12', case aside. */
export function compareFlockNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return nameCollator.compare(a, b);
}

/** A flock select's order: flocks in use first, archived ones last, each in natural order. */
export function flocksForChoice<T extends { name: string; status: string }>(flocks: readonly T[]): T[] {
  return [...flocks].sort((a, b) => Number(a.status === 'archived') - Number(b.status === 'archived') || compareFlockNames(a.name, b.name));
}
