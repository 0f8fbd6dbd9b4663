import {
  userSchema,
  type ChangePasswordInput,
  type UpdateProfileDetailsInput,
} from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';

/** PUT /auth/update-profile answers the message and the updated user. */
const updateProfileResponseSchema = z.object({ message: z.string(), user: userSchema });

function useUpdateProfile<Input>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest('/auth/update-profile', { schema: updateProfileResponseSchema, method: 'PUT', body: input }),
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useUpdateProfileDetails() {
  return useUpdateProfile<UpdateProfileDetailsInput>();
}

export function useChangePassword() {
  return useUpdateProfile<ChangePasswordInput>();
}
