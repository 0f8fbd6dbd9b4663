/**
 * Kiswahili of today-rules.ts (decision 068): one catalogue module per words module, so that a screen
 * asks for its words' catalogues in as few requests as its code came in.
 */
/** Kiswahili: the Today block's words (today-rules.ts; farm words per docs/glossary-sw.md). */
import type { Catalogue } from '../common/words.js';
import type { todayMessages } from '../today-rules.js';
import type { InventoryUnit } from '../inventory-rules.js';
import { amount, MANY } from './inventory-shared.js';
import { count } from './today-shared.js';

export const today = {
  title: 'Leo',
  allDone: 'Hakuna kinachokusubiri leo. Hongera.',
  failed: 'Imeshindikana kupakia kazi za leo.',
  eggsTitle: 'Mayai ambayo bado hayajarekodiwa',
  eggsMissing: (missing, laying) => `${missing === 1 ? 'kundi 1' : `makundi ${count(missing)}`} kati ya ${count(laying)} yanayotaga`,
  eggsAction: 'Rekodi mayai ya leo',
  // 'due' is unverified in the glossary: the English stays in brackets.
  vaccinationsTitle: 'Chanjo zinazotarajiwa (due) au zilizochelewa',
  vaccinationsCount: (total, overdue) => (overdue > 0 ? `chanjo ${count(total)}, zilizochelewa ${count(overdue)}` : `chanjo ${count(total)}`),
  seeAllVaccinations: 'Ona zote zilizochelewa',
  lowStockTitle: 'Akiba imepungua',
  lowStockCount: (total) => `bidhaa ${count(total)} ${total === 1 ? 'iko' : 'ziko'} kwenye kiwango cha kuagiza upya au chini yake`,
  lowStockLine: (quantity, unit, reorder) => `kilichobaki ${Object.hasOwn(MANY, unit) ? amount(quantity, unit as InventoryUnit) : `${quantity} ${unit}`} · agiza upya ikifika ${reorder}`,
  seeLowStock: 'Fungua ghala',
  creditTitle: 'Mauzo yasiyolipwa kwa zaidi ya siku 30',
  creditCount: (sales) => `mauzo ${count(sales)}`,
  creditSince: (day) => `ya zamani zaidi: ${day}`,
  seeDebtors: 'Ona wanaodaiwa',
  more: (n) => `na mengine ${count(n)}`,
  retry: 'Jaribu tena',
} satisfies Catalogue<typeof todayMessages>;
