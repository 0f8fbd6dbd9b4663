import { ApiError } from '../../../lib/api-client';
import { showErrorToast } from '../../../ui/toast';

/** docs/product.md §8: the client's message, with the server's reason under it when it gave another one. */
export function showSaleFailure(fallback: string, error: unknown): void {
  if (error instanceof ApiError && error.message && error.message !== fallback) showErrorToast(error.message, { title: fallback });
  else showErrorToast(fallback);
}
