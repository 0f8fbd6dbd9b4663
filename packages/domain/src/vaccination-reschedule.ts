/**
 * Done and Reschedule of a vaccination due or overdue (decision 054): their words and rule, in a
 * module of their own so that the screens' first code, which shows none of them, does not carry
 * them (the first-screen budget of e2e/first-screen-budget.spec.ts; the same split as decision 017).
 */
import { words, type Catalogues } from './common/words.js';
import { vaccinationMessages, type VaccinationStatus } from './vaccinations-rules.js';

/** The words of Done and Reschedule. */
export const rescheduleMessages = words(
  'reschedule',
  {
    rescheduledTo: (vaccine: string, when: string) => `${vaccine} moved to ${when}.`,
    markedDone: (vaccine: string) => `${vaccine} marked done.`,
    failedToReschedule: 'Failed to reschedule the vaccination.',
    done: 'Done',
    reschedule: vaccinationMessages.reschedule,
    doneLabel: (vaccine: string, flock: string) => `Mark ${vaccine} of ${flock} done`,
    rescheduleFor: (vaccine: string, flock: string) => `Reschedule ${vaccine} of ${flock}`,
    title: 'Reschedule vaccination',
    label: 'New date and time',
    onlyPending: 'Only a pending vaccination can be rescheduled.',
    past: 'Pick a date from today on.',
    localTime: 'In your local time',
    cancel: 'Cancel',
  },
  { sw: () => import('./sw/vaccination-reschedule.js') as Promise<Catalogues> },
);

/**
 * A reschedule moves a pending vaccination, still pending, to a day from the farm's today on
 * (days as 'YYYY-MM-DD' in the farm's time zone). Null when it may.
 */
export function rescheduleProblem(current: VaccinationStatus, next: VaccinationStatus, newDay: string, today: string): string | null {
  if (current !== 'Pending' || next !== 'Pending') return rescheduleMessages.onlyPending;
  return newDay < today ? rescheduleMessages.past : null;
}
