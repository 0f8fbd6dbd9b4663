/**
 * Kiswahili of dashboard-dialog-words.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the dashboard's words (dashboard-rules.ts; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { dashboardDialogWords } from '../dashboard-dialog-words.js';

export const dashboardDialog = {
  ageWeeks: (weeks) => `wiki ${weeks}`,
} satisfies Catalogue<typeof dashboardDialogWords>;
