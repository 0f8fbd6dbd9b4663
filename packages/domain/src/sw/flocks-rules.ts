/**
 * Kiswahili of flocks-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the words of flocks and of deleted flocks (decision 068; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { AGE_GROUP_LABELS, BIRD_COUNT_REASON_LABELS, BIRD_COUNT_REASON_TOTALS, BREED_LABELS, FLOCK_HEALTH, FLOCK_STATUS_LABELS, flockFigureWords } from '../flocks-rules.js';

export const breeds = {
  Layers: 'Kuku wa mayai',
  'Improved Free Range': 'Kuku wa kienyeji walioboreshwa',
  'Free Range': 'Kuku wa kienyeji',
  Broilers: 'Kuku wa nyama',
} satisfies Catalogue<typeof BREED_LABELS>;

export const flockStatuses = {
  active: 'Hai',
  growing: 'Wanakua',
  chicks: 'Vifaranga',
  mature: 'Wamekomaa',
  archived: 'Limewekwa kando',
} satisfies Catalogue<typeof FLOCK_STATUS_LABELS>;

export const birdCountReasons = {
  mortality: 'Vifo',
  sold: 'Waliouzwa',
  culled: 'Walioondolewa (culled)',
  added: 'Kuku walioongezwa',
  correction: 'Marekebisho ya idadi',
} satisfies Catalogue<typeof BIRD_COUNT_REASON_LABELS>;

export const birdCountReasonTotals = {
  added: 'Kuku walioongezwa',
  mortality: 'Vifo',
  sold: 'Waliouzwa',
  culled: 'Walioondolewa (culled)',
  correction: 'Marekebisho ya idadi',
} satisfies Catalogue<typeof BIRD_COUNT_REASON_TOTALS>;

export const flockFigures = {
  noMortalities: 'Hakuna vifo vilivyorekodiwa !!',
} satisfies Catalogue<typeof flockFigureWords>;

export const ageGroups = {
  Chicks: 'Vifaranga',
  Growers: 'Wanaokua',
  Pullets: 'Tembe (pullets)',
  Mature: 'Waliokomaa',
} satisfies Catalogue<typeof AGE_GROUP_LABELS>;

export const flockHealth = {
  status: 'Wana afya nzuri',
  notes: ['Hakuna dalili za ugonjwa', 'Uzito mzuri', 'Wachangamfu na makini'],
} satisfies Catalogue<typeof FLOCK_HEALTH>;
