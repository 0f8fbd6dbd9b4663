/**
 * Kiswahili of vaccination-reschedule.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of vaccinations (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { rescheduleMessages } from '../vaccination-reschedule.js';

export const reschedule = {
  rescheduledTo: (vaccine, when) => `${vaccine} imehamishwa hadi ${when}.`,
  markedDone: (vaccine) => `${vaccine} imekamilika.`,
  failedToReschedule: 'Imeshindikana kupanga upya chanjo.',
  done: 'Imetolewa',
  reschedule: 'Panga upya',
  doneLabel: (vaccine, flock) => `Weka ${vaccine} ya ${flock} kuwa imetolewa`,
  rescheduleFor: (vaccine, flock) => `Panga upya ${vaccine} ya ${flock}`,
  title: 'Panga upya chanjo',
  label: 'Tarehe na muda mpya',
  onlyPending: 'Chanjo inayosubiri pekee ndiyo inaweza kupangwa upya.',
  past: 'Chagua tarehe kuanzia leo.',
  localTime: 'Kwa muda wa eneo lako',
  cancel: 'Ghairi',
} satisfies Catalogue<typeof rescheduleMessages>;
