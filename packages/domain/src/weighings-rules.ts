/**
 * A broiler batch's sample weighing (decision 071): a day, how many birds were weighed and their
 * total live weight. The latest weighing gives the batch's average weight, its live weight and,
 * with the feed given, its feed conversion. Rules and words without zod (decision 017).
 */
import { formatCount } from './common/numbers.js';
import { words, type Catalogues } from './common/words.js';

/** An average below a day-old chick's or above a grown broiler's is a typing slip. */
export const WEIGHING_AVERAGE_MIN_KG = 0.02;
export const WEIGHING_AVERAGE_MAX_KG = 10;
export const WEIGHING_KG_DECIMALS = 3;
/** The weighings a flock's list shows. */
export const WEIGHING_LIST_SIZE = 20;

export const weighingMessages = words(
  'weighings',
  {
    title: 'Weighings',
    recordWeighing: 'Record a weighing',
    birdsWeighed: 'Birds weighed',
    totalWeight: 'Total weight (kg)',
    average: 'Average',
    noWeighings: 'No weighings yet. Weigh a sample of birds each week to follow their growth.',
    birdsRequired: 'Enter how many birds were weighed.',
    birdsWhole: 'Birds weighed must be a whole number above 0.',
    /** More birds weighed than the flock has. */
    birdsPastFlock: (birds: number) => `The flock has ${formatCount(birds)} ${birds === 1 ? 'bird' : 'birds'}: you cannot weigh more.`,
    weightRequired: 'Enter the birds’ total weight in kg.',
    weightInvalid: `Enter the total weight in kg, above 0, with up to ${WEIGHING_KG_DECIMALS} decimals.`,
    averageOutOfRange: `A bird weighs between ${WEIGHING_AVERAGE_MIN_KG} and ${WEIGHING_AVERAGE_MAX_KG} kg: check the birds and the total.`,
    dateRequired: 'Date is required.',
    dateInvalid: 'Enter a valid date.',
    dateFuture: 'The date cannot be in the future.',
    dateBeforeFlock: (firstDay: string) => `The date cannot be before the flock was added (${firstDay}).`,
    flockArchived: 'This flock is archived: a weighing cannot be recorded for it.',
    notFound: 'Weighing not found.',
    saved: 'Weighing saved.',
    deleted: 'Weighing deleted.',
    dateLabel: 'Date',
    /** The average a bird, shown before saving. */
    averageOf: (kg: string) => `Average: ${kg} kg a bird.`,
    /** A weighing's line: '20 birds · 42.1 kg · average 2.105 kg'. */
    summary: (birds: number, totalKg: string, averageKg: string) =>
      `${birds === 1 ? '1 bird' : `${formatCount(birds)} birds`} · ${totalKg} kg · average ${averageKg} kg`,
    listLabel: 'Latest weighings',
    loading: 'Loading weighings...',
    loadFailed: 'The weighings could not be loaded.',
    save: 'Save weighing',
    saving: 'Saving...',
    cancel: 'Cancel',
    errorSaving: 'Could not save the weighing.',
    errorDeleting: 'Could not delete the weighing.',
    deleteOf: (date: string) => `Delete the weighing of ${date}`,
    deleteTitle: 'Delete weighing',
    confirmDelete: 'The batch’s figures are worked out again without it.',
    delete: 'Delete',
  },
  { sw: () => import('./sw/weighings-rules.js') as Promise<Catalogues> },
);

/** What is wrong with a weighing of `birds` birds weighing `totalKg` from a flock of `flockBirds`, or null. */
export function weighingProblem(birds: number, totalKg: number, flockBirds: number): { field: 'birds' | 'total_kg'; message: string } | null {
  if (birds > flockBirds) return { field: 'birds', message: weighingMessages.birdsPastFlock(flockBirds) };
  const average = totalKg / birds;
  if (average < WEIGHING_AVERAGE_MIN_KG || average > WEIGHING_AVERAGE_MAX_KG) return { field: 'total_kg', message: weighingMessages.averageOutOfRange };
  return null;
}

/** A weighing's day after the farm's today or before the flock's first day, or null. */
export function weighingDateProblem(day: string, today: string, flockFirstDay: string): string | null {
  if (day > today) return weighingMessages.dateFuture;
  if (day < flockFirstDay) return weighingMessages.dateBeforeFlock(flockFirstDay);
  return null;
}

/** The average a bird, in kg to the gram. */
export const weighingAverageKg = (birds: number, totalKg: number): number => Math.round((totalKg / birds) * 1000) / 1000;
