/**
 * The words of the report files (PDF, CSV, workbook), no zod: every label, title, note and line
 * a report document prints, in one place, so a translation swaps them here. The server's
 * gatherers and renderers take them from `reportWords`; words other features already own
 * (finance, sales, expense, inventory messages and labels) stay with those features.
 */

import { words, type Catalogues } from './common/words.js';

/** The units of time a report's tables and charts go by. */
type ReportPeriodUnit = 'day' | 'week' | 'month' | 'year';

export const reportWords = words(
  'reportFiles',
  {
    /** The renderer's words, shared by every report's file. */
    document: {
      /** 'Sales Report (Summary)' */
      title: (category: string, reportType: string) => `${category} Report (${reportType})`,
      /** '24 Nov 2026, 14:05 (Africa/Nairobi)' */
      generatedAt: (when: string, timeZone: string) => `${when} (${timeZone})`,
      /** 'Period: 01 Jan 2026 – 31 Mar 2026' */
      period: (start: string, end: string) => `Period: ${start} – ${end}`,
      generated: (generatedAt: string) => `Generated: ${generatedAt}`,
      /** The file's title in its properties: 'Mwangaza Poultry – Sales Report (Summary)'. */
      fileTitle: (farmName: string, title: string) => `${farmName} – ${title}`,
      appName: 'Kuku',
      summary: 'Summary',
      page: (current: number, count: number) => `Page ${current} of ${count}`,
      noRecords: 'No records in this period.',
      nothingToChart: 'Nothing to chart in this period.',
      /** Over the records of a detailed PDF that lists only the first of them. */
      recordsCapped: (shown: string, total: string) => `Showing the first ${shown} of ${total} records; the CSV file holds them all.`,
      /** '1 record in this period.', '2,000 records in this period.' */
      recordsInPeriod: (count: number, countText: string) => `${countText} ${count === 1 ? 'record' : 'records'} in this period.`,
      /** A money column's or figure's header in the CSV and workbook. */
      inKes: (label: string) => `${label} (KES)`,
      /** A percent column's or figure's header in the CSV and workbook. */
      inPercent: (label: string) => `${label} (%)`,
      /** A chart's money axis. */
      kesAxis: 'KES',
      /** A pie slice's amount in its legend: 'Ksh 158,000'. */
      kshAmount: (amount: string) => `Ksh ${amount}`,
      /** The CSV of the summary figures. */
      label: 'Label',
      value: 'Value',
      /** The workbook's summary sheet. */
      figure: 'Figure',
      /** A sheet whose title leaves no name. */
      sheet: 'Sheet',
      /** Words many tables share. */
      total: 'Total',
      date: 'Date',
      flock: 'Flock',
      month: 'Month',
    },

    /** Periods of a report's range: chart axes, table rows and titles. */
    periods: {
      /** A chart's unit of time in its title's words: 'Revenue by week'. */
      units: { day: 'day', week: 'week', month: 'month', year: 'year' } satisfies Record<ReportPeriodUnit, string>,
      /** 'Week of 05 Jan' */
      weekOf: (day: string) => `Week of ${day}`,
    },

    flock: {
      breed: 'Breed',
      status: 'Status',
      ageWeeks: 'Age (weeks)',
      birdsAtStart: 'Birds at Start',
      added: 'Added',
      deaths: 'Deaths',
      sold: 'Sold',
      culled: 'Culled',
      corrections: 'Corrections',
      birdsAtEnd: 'Birds at End',
      mortalityRate: 'Mortality Rate',
      vaccinationsDone: 'Vaccinations Done',
      vaccinationsPending: 'Vaccinations Pending',
      record: 'Record',
      changeInBirds: 'Change in Birds',
      birdsAfter: 'Birds After',
      details: 'Details',
      vaccination: 'Vaccination',
      /** A vaccination's details in the records: 'Newcastle (Eye drop): Completed'. */
      vaccinationDetails: (vaccine: string | null, mode: string | null, status: string | null) =>
        `${String(vaccine)} (${String(mode)}): ${String(status)}`,
      flocks: 'Flocks',
      birdsAtEndOfPeriod: 'Birds at End of Period',
      birdsAdded: 'Birds Added',
      birdsSold: 'Birds Sold',
      birdsCulled: 'Birds Culled',
      vaccinationsDue: 'Vaccinations Due (Pending)',
      vaccinationsOverdue: 'Vaccinations Overdue',
      flocksNote:
        'Birds at start + added − deaths − sold − culled + corrections = birds at end. Mortality rate: deaths over the birds at the start and those added in the period. ' +
        'Status is the flock’s status today; the summary’s birds at end of period leave archived flocks out, as the dashboard’s Total Birds does.',
      noFlocks: 'No flocks in this period.',
      changesByReason: 'Bird Count Changes by Reason',
      reason: 'Reason',
      changesRecorded: 'Changes Recorded',
      birds: 'Birds',
      reasonNote: 'A change entered against its reason’s direction (a “death” that raised the count) is counted as a correction.',
      vaccinationsInPeriod: 'Vaccinations in the Period',
      vaccine: 'Vaccine',
      done: 'Done',
      pending: 'Pending',
      overdue: 'Overdue',
      cancelled: 'Cancelled',
      vaccinationsNote: 'Vaccinations dated in the period. Overdue: still pending after its date.',
      noVaccinations: 'No vaccinations dated in this period.',
      vaccinationsByMonth: 'Vaccinations by Month',
      vaccinationsByYear: 'Vaccinations by Year',
      birdsAtEndByFlock: 'Birds at End of Period by Flock',
      recordsTitle: 'Bird Count Changes and Vaccinations',
      /** The flocks' feed and cost (decision 071), a table a kind of flock. */
      feedAndCostLayers: 'Feed and Cost (Laying Flocks)',
      feedAndCostBroilers: 'Feed and Cost (Broilers)',
      henDay: 'Hen-day Production',
      feedPerBirdDayGrams: 'Feed a Bird a Day (g)',
      feedPerTrayKg: 'Feed a Tray (kg)',
      costPerTray: 'All Costs a Tray',
      pricePerTray: 'Price a Tray',
      marginPerTray: 'Margin a Tray',
      feedConversion: 'Feed Conversion Ratio (FCR)',
      averageWeightKg: 'Average Weight (kg)',
      costPerKg: 'Cost a kg Live Weight',
      revenuePerKg: 'Revenue a kg Sold',
      profit: 'Profit (Loss)',
      feedGivenKg: 'Feed Given (kg)',
      feedCost: 'Feed Cost',
      feedAndCostLayersNote:
        'From the feed given (at the store’s cost), eggs collected, egg sales and the flock’s expenses in the period. All costs: the feed given and the flock’s other expenses ' +
        '(feed bought is counted when it is fed, never twice). The tray figures wait for a flock in lay (hen-day production 5% or more). An empty cell: the records it needs are missing.',
      feedAndCostBroilersNote:
        'A broiler batch is read over its life up to the end of the period: its feed, its latest weighing, its expenses and its sales. Revenue a kg: live birds sold by weight. ' +
        'Profit: all its sales less its feed and other costs, a loss below 0. An empty cell: the records it needs (feed given, a weighing, a sale by weight) are missing.',
      /** Under the feed and cost tables of a period longer than the figures are summed over. */
      feedAndCostFrom: (day: string, days: string) => `Feed and cost are summed from ${day}: at most ${days} days.`,
    },

    eggProduction: {
      eggsCollected: 'Eggs Collected',
      trays: 'Trays',
      looseEggs: 'Loose Eggs',
      pricePerEgg: 'Price per Egg',
      totalValue: 'Total Value',
      adjustmentsTitle: 'Egg Adjustments',
      type: 'Type',
      eggs: 'Eggs',
      notes: 'Notes',
      /** Under the adjustments of a detailed PDF that lists only the first of them. */
      adjustmentsCapped: (shown: string, total: string) => `The first ${shown} of ${total} adjustments.`,
      noAdjustments: 'No egg adjustments in this period.',
      /** 'Trays (30 eggs)' */
      traysOf: (eggsPerTray: number) => `Trays (${eggsPerTray} eggs)`,
      productionDays: 'Production Days',
      averageEggsPerDay: 'Average Eggs per Day',
      averageTraysPerDay: 'Average Trays per Day',
      layingRate: 'Laying Rate',
      /** 'Breakage (eggs)' */
      adjustedEggs: (adjustmentType: string) => `${adjustmentType} (eggs)`,
      eggsAdjusted: 'Eggs Adjusted',
      netEggs: 'Net Eggs',
      eggsPerDay: 'Eggs per Day',
      eggsPerWeek: 'Eggs per Week',
      weekStarting: 'Week Starting',
      flocksRecorded: 'Flocks Recorded',
      dayNote: 'Days with records or adjustments. Laying rate: eggs over the birds of the flocks recorded that day (their counts today).',
      weekNote: 'Weeks run Monday to Sunday; the first and last hold only the days in the period. Days with records or adjustments.',
      traysNote: (eggsPerTray: number) => `Trays of ${eggsPerTray} eggs, whole trays only; net eggs are eggs collected less the adjustments.`,
      eggsByFlock: 'Eggs by Flock',
      breed: 'Breed',
      birds: 'Birds',
      daysRecorded: 'Days Recorded',
      flockNote: 'Birds: the flock’s count today. Laying rate: eggs over birds × days recorded (hen-days); the total over the flocks with birds.',
      adjustmentsByType: 'Egg Adjustments by Type',
      adjustments: 'Adjustments',
      eggsCollectedPerDay: 'Eggs Collected per Day',
      eggsCollectedPerWeek: 'Eggs Collected per Week',
      eggsCollectedByFlock: 'Eggs Collected by Flock',
      recordsTitle: 'Egg Production Records',
    },

    sales: {
      totalRevenue: 'Total revenue',
      paid: 'Paid',
      pendingNotPaid: 'Pending (not yet paid)',
      numberOfSales: 'Number of sales',
      pendingSales: 'Pending sales',
      averageSale: 'Average sale',
      daysWithSales: 'Days with sales',
      averagePerSaleDay: 'Average per sale day',
      eggCratesSold: 'Egg crates sold',
      /** 'Revenue by week' */
      revenueBy: (unit: string) => `Revenue by ${unit}`,
      pending: 'Pending',
      revenue: 'Revenue',
      revenueByProduct: 'Revenue by product',
      revenueByFlock: 'Revenue by flock',
      sales: 'Sales',
      product: 'Product',
      quantity: 'Quantity',
      unit: 'Unit',
      shareOfRevenue: 'Share of revenue',
      /** The unit of 'Other' sales, whose quantities do not add up. */
      variousUnits: 'Various',
      refNo: 'Ref No',
      category: 'Category',
      unitPrice: 'Unit Price',
      saleType: 'Sale Type',
      status: 'Status',
      customerDescription: 'Customer / Description',
      recordsTitle: 'Every sale',
    },

    expense: {
      /** The filter lines under the document's period. */
      descriptionContains: (text: string) => `Description contains "${text}"`,
      categoryIs: (category: string) => `Category: ${category}`,
      totalSpent: 'Total spent',
      numberOfExpenses: 'Number of expenses',
      largestCategory: 'Largest category',
      /** 'Feed (62.5%)' */
      categoryShare: (category: string, share: number) => `${category} (${share}%)`,
      largestCategorySpent: 'Largest category spent',
      budgetForPeriod: 'Budget for the period',
      noBudgetSet: 'No budget set',
      spentByBudgetedFlocks: 'Spent by budgeted flocks',
      budgetUsed: 'Budget used',
      budgetLeft: 'Budget left',
      spendingByCategory: 'Spending by category',
      spent: 'Spent',
      budget: 'Budget',
      /** 'Spending by month' */
      spendingBy: (unit: string) => `Spending by ${unit}`,
      /** 'Spending against budget by month' */
      spendingAgainstBudgetBy: (unit: string) => `Spending against budget by ${unit}`,
      expenses: 'Expenses',
      /** The months the range covers in part: 'November 2026 and January 2027: only the days …'. */
      partialMonthsNote: (months: string[]) => `${months.join(' and ')}: only the days within the report's period.`,
      category: 'Category',
      share: 'Share',
      spendingByFlock: 'Spending by flock',
      noBudget: 'No budget was set for a month of this period.',
      partialBudgetsNote: (months: string[]) => `Budgets are for whole months: spent in ${months.join(' and ')} counts only the days in the report's period.`,
      filteredBudgetsNote: 'Spent counts only the expenses that match the filters.',
      budgetAgainstActual: 'Budget against actual',
      left: 'Left',
      used: 'Used',
      status: 'Status',
      description: 'Description',
      amount: 'Amount',
      recordsTitle: 'Every expense',
    },

    inventory: {
      /** The pie's slice of the smallest flocks: 'Other flocks (3)'. */
      otherFlocks: (count: number) => `Other flocks (${count})`,
      stockValueByFlock: 'Stock Value by Flock',
      stockValue: 'Stock value',
      restocksAndRemovalsByYear: 'Restocks and Removals by Year',
      restocksAndRemovalsByMonth: 'Restocks and Removals by Month',
      restocks: 'Restocks',
      removals: 'Removals',
      items: 'Items',
      itemsBelowReorderLevel: 'Items below reorder level',
      restocksInPeriod: 'Restocks in the period',
      removalsInPeriod: 'Removals in the period',
      movementsInPeriod: 'Stock movements in the period',
      itemsTitle: 'Inventory Items',
      itemsNote: 'Stock on hand when the report was made. Value is quantity × cost per unit.',
      item: 'Item',
      quantity: 'Quantity',
      unit: 'Unit',
      costPerUnit: 'Cost per unit',
      value: 'Value',
      reorderLevel: 'Reorder level',
      belowReorderLevel: 'Below reorder level',
      yes: 'Yes',
      no: 'No',
      /** The items table's total of items below their level: '2 below'. */
      belowCount: (count: number) => `${count} below`,
      movementsByItem: 'Stock Movements by Item',
      noMovements: 'No stock was added, removed or corrected in this period.',
      movementsNote: 'Stock added, removed and corrected in the period; corrections are the net change of recounts.',
      added: 'Added',
      removed: 'Removed',
      corrections: 'Corrections',
      movements: 'Movements',
      belowTitle: 'Items Below Reorder Level',
      noneBelow: 'Every item is at or above its reorder level.',
      belowNote: 'Restock these: the lowest share of their reorder level first.',
      shortBy: 'Short by',
      recordsTitle: 'Stock Movements',
      movement: 'Movement',
      change: 'Change',
      balance: 'Balance',
      reason: 'Reason',
      recordedBy: 'Recorded by',
    },

    financial: {
      /** The filter line of a one-flock report. */
      flockIs: (flockName: string) => `Flock: ${flockName}`,
      netRevenue: 'Net Revenue',
      periodNote: 'Revenue: sales dated in the period, paid and pending. Net profit: the running total of net revenue from the start of the period.',
      /** A ledger row's kind. */
      sale: 'Sale',
      expense: 'Expense',
      noBestFlock: 'None: no sales in this period',
      /** 'Best Performing Flock: revenue' */
      bestRevenue: (bestPerforming: string) => `${bestPerforming}: revenue`,
      noEfficientFlock: 'None: no flock with birds has revenue or expenses in this period',
      /** 'Most Efficient Flock: net profit per bird' */
      efficientPerBird: (mostEfficient: string) => `${mostEfficient}: net profit per bird`,
      revenueVsExpensesByYear: 'Revenue vs Expenses by Year',
      revenueVsExpensesByMonth: 'Revenue vs Expenses by Month',
      netProfitByFlock: 'Net Profit by Flock',
      byFlock: 'By Flock',
      flockNote: 'Birds are the flock’s count today; net profit per bird is the period’s net over them.',
      birds: 'Birds',
      netProfitPerBird: 'Net Profit per Bird',
      byMonth: 'By Month',
      byYear: 'By Year',
      recordsTitle: 'Sales and Expenses',
      kind: 'Kind',
      category: 'Category',
      description: 'Description',
      amountIn: 'Amount in',
      amountOut: 'Amount out',
    },
  },
  { sw: () => import('./sw/report-words.js') as Promise<Catalogues> },
);
