import type { OnboardingAnswer } from '@kuku/domain';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { eggProductions, expenses, flocks, inventoryItems, reports, sales } from '../../db/schema/index.js';
import { oneRow } from '../farm-scope.js';

/** `exists (select from <table> where <where>)`: stops at the first row the farm_id index gives. */
const any = (table: PgTable, where: SQL | undefined) => sql<boolean>`exists (select 1 from ${table} where ${where})`;

/**
 * Which Getting Started steps the farm's records complete (decision 037), in one statement:
 * six `exists` over indexes that start with farm_id. A report being written or ready counts;
 * one that failed does not.
 */
export async function onboardingCompletion(db: Db, farmId: number): Promise<OnboardingAnswer> {
  return oneRow<OnboardingAnswer>(
    db,
    sql`select
      ${any(flocks, eq(flocks.farmId, farmId))} as flocks,
      ${any(eggProductions, eq(eggProductions.farmId, farmId))} as eggs,
      ${any(sales, eq(sales.farmId, farmId))} as sales,
      ${any(expenses, eq(expenses.farmId, farmId))} as expenses,
      ${any(inventoryItems, eq(inventoryItems.farmId, farmId))} as inventory,
      ${any(reports, and(eq(reports.farmId, farmId), ne(reports.state, 'failed')))} as reports`,
  );
}
