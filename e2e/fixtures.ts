import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Account {
  username: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'e2e'): Account {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: 'farm pass 123' };
}

/** The newest 6-digit code mailed to `email`, read from the dev outbox (DESIGN §6). */
export async function codeFor(request: APIRequestContext, email: string, notBefore?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/dev/outbox');
      const mails = (await res.json()) as { to: string; text: string; createdAt: string }[];
      const mail = mails.find((m) => m.to === email && (!notBefore || m.createdAt > notBefore));
      code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Registers and verifies through the API, as a quick start for journeys about other screens. */
export async function registerVerified(request: APIRequestContext, account = newAccount()): Promise<Account> {
  const reg = await request.post('/api/auth/register', { data: account });
  expect(reg.status()).toBe(201);
  const otp = await codeFor(request, account.email);
  expect((await request.post('/api/auth/verify-otp', { data: { email: account.email, otp } })).status()).toBe(200);
  return account;
}

export async function apiLogin(request: APIRequestContext, account: Account): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { identifier: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Puts a session token where the web app keeps it, before any page script runs. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => window.localStorage.setItem('kuku.token', t), token);
}

export const test = base.extend<{ account: Account; signedInPage: Page }>({
  account: async ({ request }, use) => {
    await use(await registerVerified(request));
  },
  signedInPage: async ({ page, request, account }, use) => {
    await signIn(page, await apiLogin(request, account));
    await use(page);
  },
});

export { expect };

/** Phone-width projects open the slide-in menu to navigate. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}
