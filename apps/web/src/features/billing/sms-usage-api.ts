import type { SmsSettingsInput, SmsSettingsResponse, SmsUsage } from '@kuku/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { paymentKeys } from './api';

/** docs/style.md rule 12: the farm's texts (decision 076) sit under the billing root. */
export const smsUsageKeys = {
  usage: () => [...paymentKeys.all, 'sms-usage'] as const,
};

export function smsUsageQuery() {
  return queryOptions({
    queryKey: smsUsageKeys.usage(),
    queryFn: ({ signal }) => apiRequest<SmsUsage>('/sms/usage', { signal }),
  });
}

/** The owner's limit on the farm's texts a day; the card shows the saved figure. */
export function useSetSmsDailyCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsSettingsInput) => apiRequest<SmsSettingsResponse>('/sms/settings', { method: 'PUT', body: input }),
    onSuccess: (answer) =>
      queryClient.setQueryData<SmsUsage>(smsUsageKeys.usage(), (usage) => (usage ? { ...usage, daily_cap: answer.daily_cap } : usage)),
  });
}
