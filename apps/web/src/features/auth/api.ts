import {
  loginResponseSchema,
  messageSchema,
  registerResponseSchema,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResendOtpInput,
  type ResetPasswordInput,
  type VerifyOtpInput,
} from '@kuku/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniType } from 'zod/mini';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { setToken } from '../../lib/session';

// These calls carry no token (SPEC §6): the caller is not signed in yet.
function post<T>(path: string, schema: ZodMiniType<T>, body: unknown): Promise<T> {
  return apiRequest(path, { schema, method: 'POST', body, auth: false });
}

/** Stores the session and seeds the user query, so the guard needs no second call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => post('/auth/login', loginResponseSchema, input),
    onSuccess: ({ token, user }) => {
      setToken(token);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => post('/auth/register', registerResponseSchema, input),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (input: VerifyOtpInput) => post('/auth/verify-otp', messageSchema, input),
  });
}

export function useResendOtp() {
  return useMutation({
    mutationFn: (input: ResendOtpInput) => post('/auth/resend-otp', messageSchema, input),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => post('/auth/forgot-password', messageSchema, input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => post('/auth/reset-password', messageSchema, input),
  });
}
