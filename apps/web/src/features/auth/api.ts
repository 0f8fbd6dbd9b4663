import type {
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  SocialProvider,
  SocialProviders,
  RegisterInput,
  ResendOtpInput,
  ResetPasswordInput,
  VerifyOtpInput,
} from '@kuku/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniType } from 'zod/mini';
import { apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { setToken } from '../../lib/session';
import { lazySchemas } from '../../first-screen/lazy-schemas';
import type * as AuthSchemaModule from './schemas';

/** The auth forms' schemas and the answers': zod comes with the first use, not the screen. */
export const authSchemas = lazySchemas(() => import('./schemas'));

// These calls carry no token (docs/product.md §6): the caller is not signed in yet.
async function post<T>(
  path: string,
  answer: (schemas: typeof AuthSchemaModule) => ZodMiniType<T>,
  body: unknown,
): Promise<T> {
  const schema = answer(await authSchemas.load());
  return apiRequest(path, { schema, method: 'POST', body, auth: false });
}

/** Stores the session and seeds the user query, so the guard needs no second call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => post('/auth/login', (m) => m.loginResponseSchema, input),
    onSuccess: ({ token, user }) => {
      setToken(token);
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => post('/auth/register', (m) => m.registerResponseSchema, input),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (input: VerifyOtpInput) => post('/auth/verify-otp', (m) => m.messageSchema, input),
  });
}

export function useResendOtp() {
  return useMutation({
    mutationFn: (input: ResendOtpInput) => post('/auth/resend-otp', (m) => m.messageSchema, input),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => post('/auth/forgot-password', (m) => m.messageSchema, input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => post('/auth/reset-password', (m) => m.messageSchema, input),
  });
}

/** The 'Continue with' providers this server offers (none in production without credentials). */
export const socialProvidersKey = ['auth', 'providers'] as const;

export function useSocialProviders() {
  return useQuery({
    queryKey: socialProvidersKey,
    // No schema: the login form's first screen does not load zod (decision 017).
    queryFn: ({ signal }) => apiRequest<SocialProviders>('/auth/providers', { auth: false, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** A full-page trip: the server sends the browser on to the provider (docs/product.md §7 GET /auth/{social-provider}/login). */
export function socialLoginHref(provider: SocialProvider): string {
  return `/api/auth/${provider}/login`;
}

const exchanges = new Map<string, Promise<LoginResponse>>();

/**
 * The social sign-in return's one-time code, exchanged for a session (docs/design.md §6). Once per
 * code: the code is good once, and a page's effect may run twice.
 */
export function exchangeSocialCode(code: string): Promise<LoginResponse> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = post('/auth/social/exchange', (m) => m.loginResponseSchema, { code });
    exchanges.set(code, exchange);
  }
  return exchange;
}
