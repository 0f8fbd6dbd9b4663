import type { ReportCategory } from '@kuku/domain';
import type { ReportGatherer } from '../document.js';
import { eggProductionReport } from './eggs.js';
import { expenseReport } from './expenses.js';
import { financialReport } from './financial.js';
import { flockReport } from './flock.js';
import { inventoryReport } from './inventory.js';
import { salesReport } from './sales.js';

const GATHERERS: Record<ReportCategory, ReportGatherer> = {
  flock: flockReport,
  eggProduction: eggProductionReport,
  sales: salesReport,
  expense: expenseReport,
  inventory: inventoryReport,
  financial: financialReport,
};

/** The SQL of a report category. */
export const gathererOf = (category: ReportCategory): ReportGatherer => GATHERERS[category];
