import type { ChangePasswordInput, ConfirmEmailChangeInput, UpdateProfileDetailsInput } from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { lazySchemas } from '../../first-screen/lazy-schemas';

/** The profile forms' schemas and the answer's: zod comes with the first use, not the screen. */
export const profileSchemas = lazySchemas(() => import('./schemas'));

function useUpdateProfile<Input>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const { updateProfileResponseSchema } = await profileSchemas.load();
      return apiRequest('/auth/update-profile', { schema: updateProfileResponseSchema, method: 'PUT', body: input });
    },
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useUpdateProfileDetails() {
  return useUpdateProfile<UpdateProfileDetailsInput>();
}

export function useChangePassword() {
  return useUpdateProfile<ChangePasswordInput>();
}

/** The code mailed to the new address: the email changes, and the answer's user shows it. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConfirmEmailChangeInput) => {
      const { confirmEmailChangeResponseSchema } = await profileSchemas.load();
      return apiRequest('/auth/confirm-email-change', { schema: confirmEmailChangeResponseSchema, method: 'POST', body: input });
    },
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}
