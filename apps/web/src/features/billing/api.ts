import {
  isWaiting,
  PAYMENT_PAGE_SIZE,
  PAYMENT_POLL_MS,
  type CardInitiated,
  type Payment,
  type PaymentAnswer,
  type PaymentMethod,
  type PaymentPage,
  type PaymentPlan,
  type PaymentSort,
  type QUERY_ROOTS,
} from '@kuku/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';

export interface PaymentListParams {
  page: number;
  q: string;
  sort: PaymentSort;
  order: 'asc' | 'desc';
}

/** docs/style.md rule 12: every billing query sits under `paymentKeys.all`. */
export const paymentKeys = {
  all: ['payments'] as const satisfies typeof QUERY_ROOTS.payments,
  plan: () => [...paymentKeys.all, 'plan'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (params: PaymentListParams) => [...paymentKeys.lists(), params] as const,
  /** One run of polling one payment; a restart is a fresh run (and a fresh first request). */
  status: (method: PaymentMethod, reference: string, run: number) => [...paymentKeys.all, 'status', method, reference, run] as const,
};

/** docs/product.md §9: the history opens newest first, 10 a page. */
export const FIRST_PAYMENT_PAGE: PaymentListParams = { page: 1, q: '', sort: 'date', order: 'desc' };

/** The price, the till and which ways to pay are open: they change with a deploy, not within a visit. */
export function paymentPlanQuery() {
  return queryOptions({
    queryKey: paymentKeys.plan(),
    queryFn: ({ signal }) => apiRequest<PaymentPlan>('/payments/plan', { signal }),
    staleTime: 10 * 60_000,
  });
}

function listPath(params: PaymentListParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(PAYMENT_PAGE_SIZE),
    sort: params.sort,
    order: params.order,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `/payments?${search}`;
}

export function paymentListQuery(params: PaymentListParams) {
  return queryOptions({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) => apiRequest<PaymentPage>(listPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/payments/initiate (docs/product.md §7): the amount in shillings, the phone as the profile has it (the server normalises). */
export interface MpesaPaymentBody {
  PhoneNumber: string;
  amount: number;
  reference: string;
}

/** POST /api/paystack/initiate (docs/product.md §7): the amount in the provider's minor units (KES × 100). */
export interface CardPaymentBody {
  email: string;
  amount: number;
  reference: string;
}

export function useInitiatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MpesaPaymentBody) => apiRequest<PaymentAnswer>('/payments/initiate', { method: 'POST', body, idempotent: true }),
    // The new pending payment shows in the history at once. Narrower than STALE_AFTER.payment:
    // the payment's own status is polled, and asking it again on every change would double it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.lists() }),
  });
}

export function useInitiateCardPayment() {
  return useMutation({
    mutationFn: (body: CardPaymentBody) => apiRequest<CardInitiated>('/paystack/initiate', { method: 'POST', body, idempotent: true }),
  });
}

function statusPath(method: PaymentMethod, reference: string): string {
  return `${method === 'card' ? '/paystack' : '/payments'}/status/${encodeURIComponent(reference)}`;
}

/** What one run of polling came to. */
export type PaymentPoll =
  | { phase: 'idle' }
  | { phase: 'waiting'; payment: Payment | undefined }
  /** The server answered a final status (success, failed, cancelled or its own timeout). */
  | { phase: 'done'; payment: Payment }
  /** Still initiated or pending when our own time ran out (docs/product.md §4: shows as failed). */
  | { phase: 'timeout'; payment: Payment | undefined }
  /** A request failed and `stopOnError` said not to ask again. */
  | { phase: 'error'; error: Error };

interface PaymentPollOptions {
  method: PaymentMethod;
  /** Null: nothing to poll. */
  reference: string | null;
  /** The payment the initiation answered: the first check then waits one interval. */
  initial?: Payment;
  timeoutMs: number;
  /** Whether a failed request ends the run; otherwise it is asked again until the timeout. */
  stopOnError: (error: Error) => boolean;
}

/**
 * docs/product.md §4 and §9: asks for the payment's status every PAYMENT_POLL_MS until it is neither
 * initiated nor pending, for at most `timeoutMs`. A final status reads the user again (the
 * unpaid lock and the notices go without a reload) and the history.
 */
export function usePaymentPoll({ method, reference, initial, timeoutMs, stopOnError }: PaymentPollOptions) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState(0);
  const [timedOutRun, setTimedOutRun] = useState<number | null>(null);
  const timedOut = timedOutRun === run;

  const query = useQuery({
    queryKey: paymentKeys.status(method, reference ?? '', run),
    queryFn: ({ signal }) => apiRequest<PaymentAnswer>(statusPath(method, reference ?? ''), { signal }),
    enabled: reference !== null && !timedOut,
    initialData: run === 0 && initial ? { payment: initial } : undefined,
    // With the initiation's answer as the first data, the first check waits one interval.
    staleTime: PAYMENT_POLL_MS,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // A phone locks its screen while M-Pesa asks for the PIN: keep asking meanwhile.
    refetchIntervalInBackground: true,
    refetchInterval: (current) => {
      const { error, data } = current.state;
      if (current.state.status === 'error' && error && stopOnError(error)) return false;
      return data && !isWaiting(data.payment.status) ? false : PAYMENT_POLL_MS;
    },
  });

  const payment = query.data?.payment;
  const final = payment && !isWaiting(payment.status) ? payment : undefined;
  const finished = final !== undefined;
  const stopped = query.isError && stopOnError(query.error) && !finished;

  useEffect(() => {
    if (reference === null || finished || stopped || timedOut) return;
    const timer = window.setTimeout(() => setTimedOutRun(run), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [reference, run, finished, stopped, timedOut, timeoutMs]);

  const finalStatus = final ? final.status : null;
  useEffect(() => {
    if (finalStatus === null) return;
    void queryClient.invalidateQueries({ queryKey: paymentKeys.lists() });
    if (finalStatus === 'success') void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [finalStatus, queryClient]);

  let poll: PaymentPoll;
  if (reference === null) poll = { phase: 'idle' };
  else if (final) poll = { phase: 'done', payment: final };
  else if (stopped) poll = { phase: 'error', error: query.error };
  else if (timedOut) poll = { phase: 'timeout', payment };
  else poll = { phase: 'waiting', payment };

  return { poll, restart: () => setRun((r) => r + 1) };
}

/** What /billing asks for first, started by its route's loader beside the screen's code (decision 022). */
export function prefetchBillingScreen(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(paymentPlanQuery());
  void queryClient.prefetchQuery(paymentListQuery(FIRST_PAYMENT_PAGE));
}
