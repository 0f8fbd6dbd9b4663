import {
  budgetPageSchema,
  budgetPeriodParamsSchema,
  budgetSchema,
  createBudgetSchema,
  createExpenseSchema,
  expenseMessages,
  expensePageSchema,
  expenseSchema,
  expenseSeriesSchema,
  expenseStatsSchema,
  idField,
  listBudgetsQuerySchema,
  listExpensesQuerySchema,
  updateBudgetSchema,
  updateExpenseSchema,
  type Expense,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { farmDayKey, sendCachedAnswer } from '../../db/answer-cache.js';
import { expenses as expensesTable } from '../../db/schema/index.js';
import { principalOf } from '../../plugins/auth.js';
import type { FarmEvent } from '../../plugins/events.js';
import type { OfflineCreate } from '../../plugins/idempotency.js';
import type { VersionedRecord } from '../../plugins/record-versions.js';
import { afterCommit, dbOf } from '../../plugins/request-transaction.js';
import * as budgets from './budgets.js';
import * as expenses from './service.js';
import { scopeOf } from '../farm-scope.js';

/** An expense a phone may capture offline (decision 065). */
const expenseOffline: OfflineCreate = { kind: 'expense', table: expensesTable, recordId: (a: Expense) => a.id };
const expenseVersion: VersionedRecord = {
  table: expensesTable,
  where: ({ id }: { id: number }) => eq(expensesTable.id, id),
  current: (db, farmId, { id }: { id: number }) => expenses.expenseNow(db, farmId, id),
};

const expenseIdParamsSchema = z.object({ id: idField(expenseMessages.notFound) });
const budgetIdParamsSchema = z.object({ id: idField(expenseMessages.budgetNotFound) });

type Action = 'added' | 'updated' | 'deleted';
/** docs/product.md §7 Real-time: `expense` and `budget` messages named expense_added… and budget_added… (decision 026). */
const expenseEvent = (action: Action, id: number): FarmEvent => ({ type: 'expense', name: `expense_${action}`, action, id });
const budgetEvent = (action: Action, id: number): FarmEvent => ({ type: 'budget', name: `budget_${action}`, action, id });
/** A flock went over its month's budget: the notifications issue turns this into a notification. */
const exceededEvent = (e: budgets.BudgetExceeded): FarmEvent => ({
  type: 'budget',
  name: 'budget_exceeded',
  action: 'exceeded',
  id: e.budgetId,
  flock_id: e.flockId,
  month: e.month,
  year: e.year,
  text: expenseMessages.budgetExceeded(e.flockName, e.month, e.year),
});

export async function expenseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const publish = (farmId: number, events: FarmEvent[]) => events.forEach((event) => app.events.publish(farmId, event));

  app.get('/expenses', { schema: { querystring: listExpensesQuerySchema, response: { 200: expensePageSchema } } }, async (request) =>
    expenses.listExpenses(db, scopeOf(request), request.query),
  );

  app.get('/expenses/stats', { schema: { response: { 200: expenseStatsSchema } } }, async (request) => expenses.expenseStats(db, scopeOf(request)));

  // Kept by the farm's data version (decision 027): the charts are read far more often than written.
  app.get('/expenses/series', { schema: { response: { 200: expenseSeriesSchema } } }, async (request, reply) => {
    const scope = scopeOf(request);
    return sendCachedAnswer(reply, db, farmDayKey('expense_series', scope), () => expenses.expenseSeries(db, scope));
  });

  app.post('/expenses', { config: { idempotent: true, offline: expenseOffline }, schema: { body: createExpenseSchema, response: { 201: expenseSchema } } }, async (request, reply) => {
    const { farmId, userId } = principalOf(request);
    const { expense, exceeded } = await expenses.createExpense(dbOf(request), scopeOf(request), userId, request.body);
    afterCommit(request, () => publish(farmId, [expenseEvent('added', expense.id), ...exceeded.map(exceededEvent)]));
    reply.status(201);
    return expense;
  });

  app.put(
    '/expenses/:id',
    { config: { versioned: expenseVersion }, schema: { params: expenseIdParamsSchema, body: updateExpenseSchema, response: { 200: expenseSchema } } },
    async (request) => {
      const { expense, exceeded } = await expenses.updateExpense(dbOf(request), scopeOf(request), principalOf(request).userId, request.params.id, request.body);
      afterCommit(request, () => publish(principalOf(request).farmId, [expenseEvent('updated', expense.id), ...exceeded.map(exceededEvent)]));
      return expense;
    },
  );

  app.delete(
    '/expenses/:id',
    { config: { versioned: expenseVersion }, schema: { params: expenseIdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { farmId } = principalOf(request);
      const deleted = await expenses.deleteExpense(dbOf(request), farmId, request.params.id);
      afterCommit(request, () => publish(farmId, [expenseEvent('deleted', deleted.id)]));
      reply.status(204);
      return null;
    },
  );

  app.get('/budget', { schema: { querystring: listBudgetsQuerySchema, response: { 200: budgetPageSchema } } }, async (request) =>
    budgets.listBudgets(db, scopeOf(request), request.query),
  );

  app.post('/budget', { config: { idempotent: true }, schema: { body: createBudgetSchema, response: { 201: budgetSchema } } }, async (request, reply) => {
    const { farmId, userId } = principalOf(request);
    const budget = await budgets.createBudget(dbOf(request), scopeOf(request), userId, request.body);
    afterCommit(request, () => publish(farmId, [budgetEvent('added', budget.id)]));
    reply.status(201);
    return budget;
  });

  app.put('/budget/:month/:year', { schema: { params: budgetPeriodParamsSchema, body: updateBudgetSchema, response: { 200: budgetSchema } } }, async (request) => {
    const { budget, exceeded } = await budgets.updateBudget(db, scopeOf(request), principalOf(request).userId, request.params, request.body);
    publish(principalOf(request).farmId, [budgetEvent('updated', budget.id), ...exceeded.map(exceededEvent)]);
    return budget;
  });

  app.delete('/budget/:id', { schema: { params: budgetIdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    const { farmId } = principalOf(request);
    const deleted = await budgets.deleteBudget(db, farmId, request.params.id);
    publish(farmId, [budgetEvent('deleted', deleted.id)]);
    return reply.status(204).send(null);
  });
}
