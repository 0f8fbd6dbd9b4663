import { vaccinationPageWords, type Flock } from '@kuku/domain';

/** docs/product.md §2: a flock without a name shows as 'Unnamed Flock' in the selectors. */
export function flockLabel(flock: Pick<Flock, 'name'>): string {
  return flock.name.trim() === '' ? vaccinationPageWords.unnamed : flock.name;
}
