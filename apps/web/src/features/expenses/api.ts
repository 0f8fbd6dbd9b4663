import {
  EXPENSE_PAGE_SIZE,
  PAGE_SIZE_MAX,
  type Budget,
  type BudgetBody,
  type Expense,
  type ExpenseBody,
  type ExpenseSeries,
  type ExpenseSort,
  type ExpenseStats,
  type Page,
  expenseLine,
  type QUERY_ROOTS,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { flockOptionsQuery } from '../flocks/api';
import { markStale } from '../../lib/stale-after';
import { replaceInPages } from '../../lib/replace-in-pages';
import { useCaptureMutation } from '../../outbox/use-capture-mutation';

export interface ExpenseListParams {
  page: number;
  q: string;
  sort: ExpenseSort;
  order: 'asc' | 'desc';
}

/**
 * docs/style.md rule 12: every expense and budget query sits under `expenseKeys.all`, so a change reads the
 * list, the statistics, the charts and the budgets again with one invalidation.
 */
export const expenseKeys = {
  all: ['expenses'] as const satisfies typeof QUERY_ROOTS.expenses,
  lists: () => [...expenseKeys.all, 'list'] as const,
  list: (params: ExpenseListParams) => [...expenseKeys.lists(), params] as const,
  stats: () => [...expenseKeys.all, 'stats'] as const,
  series: () => [...expenseKeys.all, 'series'] as const,
  budgets: () => [...expenseKeys.all, 'budgets'] as const,
  editableBudgets: () => [...expenseKeys.budgets(), 'editable'] as const,
};

/** The expense list as the screen first shows it: newest first (EXPENSE_SORTS' default). */
export const FIRST_EXPENSE_PAGE: ExpenseListParams = { page: 1, q: '', sort: 'date', order: 'desc' };

function listPath(params: ExpenseListParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(EXPENSE_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `/expenses?${search}`;
}

export function expenseListQuery(params: ExpenseListParams) {
  return queryOptions({
    queryKey: expenseKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Page<Expense>>(listPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function expenseStatsQuery() {
  return queryOptions({ queryKey: expenseKeys.stats(), queryFn: ({ signal }) => apiRequest<ExpenseStats>('/expenses/stats', { signal }) });
}

export function expenseSeriesQuery() {
  return queryOptions({ queryKey: expenseKeys.series(), queryFn: ({ signal }) => apiRequest<ExpenseSeries>('/expenses/series', { signal }) });
}

/** docs/product.md §5 Budget edit: the budgets from the past month up to now, newest first (one page holds them). */
export function editableBudgetsQuery() {
  return queryOptions({
    queryKey: expenseKeys.editableBudgets(),
    queryFn: ({ signal }) => apiRequest<Page<Budget>>(`/budget?editable=true&pageSize=${PAGE_SIZE_MAX}`, { signal }),
    select: (page) => page.items,
  });
}

/** An expense or a budget moves the list, the statistics, the charts and the budgets: all are read again. */
function useInvalidateExpenses(change: 'expense' | 'budget' = 'expense') {
  const queryClient = useQueryClient();
  return () => markStale(queryClient, change);
}

/** An expense's path under /api (its changes'; a list marks a row whose change waits on the phone). */
export const expensePath = (id: number) => `/expenses/${id}`;

/** POST /api/expenses: the phone keeps the expense until it is sent (outbox/). */
export function useCreateExpense(replaces?: string) {
  return useCaptureMutation<ExpenseBody, Expense>('expense', (input) => ({
    path: '/expenses',
    body: input,
    ...expenseLine(input),
    replaces,
  }));
}

/**
 * PUT /api/expenses/:id with the product's payload (date, description, amount) and the category,
 * with the version the farmer saw; the phone keeps it until it is sent (outbox/).
 */
export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useCaptureMutation<{ record: Expense; input: Partial<Omit<ExpenseBody, 'flock_id'>> }, Expense>(
    'expense',
    ({ record, input }) => ({
      method: 'PUT',
      path: expensePath(record.id),
      body: input,
      version: record.updated_at,
      ...expenseLine({ ...record, ...input }),
    }),
    // The answer replaces the row at once; everything is read again after.
    (updated) => replaceInPages(queryClient, expenseKeys.lists(), updated),
  );
}

export function useDeleteExpense() {
  return useCaptureMutation<Expense, void>('expense', (record) => ({
    method: 'DELETE',
    path: expensePath(record.id),
    version: record.updated_at,
    ...expenseLine(record),
  }));
}

/** POST /api/budget: one per flock, month and year (a second answers 409). */
export function useCreateBudget() {
  const invalidate = useInvalidateExpenses('budget');
  return useMutation({
    mutationFn: (input: BudgetBody) => apiRequest<Budget>('/budget', { method: 'POST', body: input, idempotent: true }),
    onSuccess: invalidate,
  });
}

/** PUT /api/budget/:month/:year {amount, flock_id}: docs/product.md names no flock, the body says which (decision 026). */
export function useUpdateBudget() {
  const invalidate = useInvalidateExpenses('budget');
  return useMutation({
    mutationFn: ({ month, year, input }: { month: number; year: number; input: { amount: number; flock_id: number } }) =>
      apiRequest<Budget>(`/budget/${month}/${year}`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteBudget() {
  const invalidate = useInvalidateExpenses('budget');
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/budget/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** What /expenses asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchExpensesScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(expenseStatsQuery());
  void queryClient.prefetchQuery(expenseListQuery(FIRST_EXPENSE_PAGE));
  void queryClient.prefetchQuery(flockOptionsQuery());
}
