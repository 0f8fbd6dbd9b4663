import type {
  ConfirmPhoneInput,
  ConfirmPhoneResponse,
  NoticeChannel,
  NoticeKind,
  NoticeSettings,
  PhoneCodeResponse,
} from '@kuku/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';

/**
 * docs/style.md rule 12: the notice choices sit under the signed-in user's root, keyed by the
 * profile's phone as well, so a new number in the details form reads them again (it unconfirms the phone).
 */
export const noticeKeys = {
  all: [...currentUserKey, 'notices'] as const,
  settings: (phone: string | null) => [...noticeKeys.all, phone ?? ''] as const,
};

export function noticeSettingsQuery(phone: string | null) {
  return queryOptions({
    queryKey: noticeKeys.settings(phone),
    queryFn: ({ signal }) => apiRequest<NoticeSettings>('/profile/notices', { signal }),
  });
}

export interface NoticeChange {
  kind: NoticeKind;
  channel: NoticeChannel;
  on: boolean;
}

/** One switch turned: sent alone (the call takes part of a kind), shown at once and put back if refused. */
export function useSaveNoticeChoice(phone: string | null) {
  const queryClient = useQueryClient();
  const key = noticeKeys.settings(phone);
  return useMutation({
    mutationFn: ({ kind, channel, on }: NoticeChange) =>
      apiRequest<NoticeSettings>('/profile/notices', { method: 'PUT', body: { preferences: { [kind]: { [channel]: on } } } }),
    onMutate: async ({ kind, channel, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NoticeSettings>(key);
      if (before) {
        queryClient.setQueryData<NoticeSettings>(key, {
          ...before,
          preferences: { ...before.preferences, [kind]: { ...before.preferences[kind], [channel]: on } },
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

/** A code to the profile's phone by SMS. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: () => apiRequest<PhoneCodeResponse>('/profile/phone/code', { method: 'POST' }),
  });
}

/** The code from the SMS: the phone is confirmed, and the choices read again (SMS can now be chosen). */
export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmPhoneInput) => apiRequest<ConfirmPhoneResponse>('/profile/phone/confirm', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
