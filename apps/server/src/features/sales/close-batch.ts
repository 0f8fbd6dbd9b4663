import { birdsOfSale, closeBatchMessages, saleQuantityProblem, type CloseBatchAnswer, type CloseBatchInput } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import { AppError, invalid } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { flocks } from '../../db/schema/index.js';
import { returningWithAuthors } from '../../db/record-authors.js';
import { economicsOfFlock } from '../economics/service.js';
import type { FarmScope } from '../farm-scope.js';
import { findFlockRow, toFlock } from '../flocks/service.js';
import { amountCents, insertSale, windowDay } from './service.js';

/**
 * Closing a broiler batch (decision 072): the birds left are sold by the kilo in one 'Live Birds'
 * sale, the flock is archived in the same transaction, and the answer carries the batch's figures
 * over its life up to the sale's day: its result.
 */
export async function closeBatch(db: Db, scope: FarmScope, userId: number, flockId: number, input: CloseBatchInput): Promise<CloseBatchAnswer> {
  const date = windowDay(input.date, scope);
  const { sale, flock } = await db.transaction(async (tx) => {
    const row = await findFlockRow(tx, scope.farmId, flockId, 'no key update');
    if (row.breed !== 'Broilers') throw new AppError('rule_broken', closeBatchMessages.notBroilers);
    if (row.status === 'archived') throw new AppError('rule_broken', closeBatchMessages.alreadyClosed);
    let sold = null;
    if (row.birdCount > 0) {
      if (input.total_kg === undefined || input.total_kg === null) throw invalid(closeBatchMessages.weightRequired, { total_kg: closeBatchMessages.weightRequired });
      if (input.unit_price === undefined || input.unit_price === null) throw invalid(closeBatchMessages.priceRequired, { unit_price: closeBatchMessages.priceRequired });
      const problem = saleQuantityProblem('Live Birds', input.total_kg, 'Kg');
      if (problem) throw invalid(problem, { total_kg: problem });
      const facts = birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: input.total_kg, birds: row.birdCount });
      if (!facts.ok) throw invalid(facts.message, { total_kg: facts.message });
      if (facts.value === null) throw new Error('a bird sale with no birds');
      sold = await insertSale(tx, scope.farmId, userId, row, {
        category: 'Live Birds',
        product: closeBatchMessages.product,
        description: input.description ?? null,
        quantity: input.total_kg,
        unit: 'Kg',
        unit_price: input.unit_price,
        amount: amountCents(input.total_kg, input.unit_price),
        date,
        sale_type: input.sale_type,
        status: input.status,
        birds: facts.value,
      });
    }
    const [archived] = await tx
      .update(flocks)
      .set({ status: 'archived', updatedAt: new Date(), updatedBy: userId })
      .where(and(eq(flocks.farmId, scope.farmId), eq(flocks.id, flockId)))
      .returning(returningWithAuthors(flocks));
    if (!archived) throw new Error('the flock went while it was locked');
    return { sale: sold, flock: toFlock(archived) };
  });
  const economics = await economicsOfFlock(db, scope, flockId, { end_date: date });
  return { sale, flock, economics };
}
