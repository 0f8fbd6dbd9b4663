import type { QUERY_ROOTS } from '@kuku/domain';
import type { SupportChannels } from '@kuku/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { lazySchemas } from '../../first-screen/lazy-schemas';

/** docs/style.md rule 12: every contact query sits under `contactKeys.all`. */
export const contactKeys = {
  all: ['contact'] as const satisfies typeof QUERY_ROOTS.contact,
  support: () => [...contactKeys.all, 'support'] as const,
};

/** The contact form's schema and the answer's: zod comes with the first use, not the screen. */
export const contactSchemas = lazySchemas(() => import('./schemas'));

/** POST /api/contact (docs/product.md §3 Contact message): what the form sends, trimmed by the schema. */
export interface ContactMessageBody {
  name: string;
  email: string;
  message: string;
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (body: ContactMessageBody) => {
      const { contactAnswerSchema } = await contactSchemas.load();
      // A lost answer retried with the same key reaches support once (docs/design.md §5).
      return apiRequest('/contact', { schema: contactAnswerSchema, method: 'POST', body, idempotent: true });
    },
  });
}

/**
 * GET /api/contact/support: how the floating chat reaches support. Asked for when the chat
 * first opens; the channels change with a deploy, not within a visit.
 */
export function supportChannelsQuery() {
  return queryOptions({
    queryKey: contactKeys.support(),
    queryFn: ({ signal }) => apiRequest<SupportChannels>('/contact/support', { signal }),
    staleTime: 30 * 60_000,
  });
}
