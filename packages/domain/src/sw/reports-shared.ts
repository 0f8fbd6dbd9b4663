/** Kiswahili: what the reports catalogues share (decision 068). */
import type { ReportCategory } from '../reports-rules.js';

/** What a category's records are called in a sentence: 'hakuna rekodi za mauzo'. */
export const RECORDS_OF: Record<ReportCategory, string> = {
  flock: 'makundi',
  eggProduction: 'uzalishaji wa mayai',
  sales: 'mauzo',
  expense: 'matumizi',
  inventory: 'akiba',
  financial: 'fedha',
};

