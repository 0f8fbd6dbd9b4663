import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { billingMessages as m, PAYMENT_STATUS_LABELS, resultHint, SUBSCRIPTION_PRICE_CENTS } from '../packages/domain/src/billing-rules.js';
import { formatKesPrice } from '../packages/domain/src/common/money.js';
import { apiLogin, expect, greetingFor, isPhone, openFromNavigation, paths, shot, signIn, test, type Account } from './fixtures.js';

// docs/product.md §2 Billing, Payment callback and the shell's suspended notice, §3 the payment reference,
// §4 payment and subscription states, §8 Payment, §9 polling. Payments run against the server's
// in-process simulators: the M-Pesa outcome is chosen by the phone's last four digits.

/** The simulator's phones (apps/server/src/integrations/mpesa/simulator.ts SIMULATOR_PHONES), as a farmer types them. */
const PHONES = { success: '0708374149', cancelled: '0700001032' } as const;
/** docs/product.md §1, §9: the subscription, as the farmer reads it (Ksh 2,500; en-KE puts a no-break space after Ksh). */
const PRICE = formatKesPrice(SUBSCRIPTION_PRICE_CENTS);
/** The M-Pesa success settles ~1 s after the push, but the first check waits one poll interval (4 s). */
const PAYMENT_SETTLES_MS = 15_000;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What /api/auth/me says of the subscription (the parts these journeys read or change). */
interface Me {
  status: 'active' | 'suspended';
  payment_status: 'trial' | 'paid' | 'unpaid';
  is_trial_active: boolean;
  subscription: { status: 'trialing' | 'active' | 'past_due' | 'suspended' };
}

async function me(request: APIRequestContext, token: string): Promise<Me> {
  const res = await request.get('/api/auth/me', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as Me;
}

/** The billing form pays to the profile's phone: set it as the farmer would on /my-profile. */
async function setPhone(request: APIRequestContext, token: string, phone: string): Promise<void> {
  const res = await request.put('/api/auth/update-profile', { headers: bearer(token), data: { phone_number: phone } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page signed in as `account`, its profile phone set first when given; the token for API checks. */
async function signedIn(page: Page, request: APIRequestContext, account: Account, phone?: string): Promise<string> {
  const token = await apiLogin(request, account);
  if (phone) await setPhone(request, token, phone);
  await signIn(page, token);
  return token;
}

/**
 * No API makes a farm unpaid or suspended (an operator's script does, on the server's own data
 * directory), so these journeys change /api/auth/me's real answer on its way to the page.
 */
async function overrideMe(page: Page, change: (real: Me) => Me): Promise<void> {
  await page.route(/\/api\/auth\/me(\?.*)?$/, async (route: Route) => {
    let response;
    let real: Me;
    try {
      response = await route.fetch();
      if (!response.ok()) return await route.fulfill({ response });
      real = (await response.json()) as Me;
    } catch {
      // The page went on to another address while the answer came (its body is then disposed):
      // the request ends as it would have, instead of failing the journey.
      await route.abort().catch(() => undefined);
      return;
    }
    await route.fulfill({ response, json: change(real) }).catch(() => undefined);
  });
}

const form = (page: Page) => page.getByRole('region', { name: m.initiatePayment });
const referenceField = (page: Page) => form(page).getByLabel(m.referenceLabel);
const payNow = (page: Page) => form(page).getByRole('button', { name: m.payNow });

/** One payment of the history: a table row on desktop, a card on phones. */
function paymentEntry(page: Page, text: string): Locator {
  const scope = isPhone(page) ? page.getByRole('list', { name: m.history }) : page.getByRole('table', { name: m.history });
  return scope.getByRole(isPhone(page) ? 'listitem' : 'row').filter({ hasText: text });
}

/** /billing drawn: its heading, the form and the (deferred) history. */
async function expectBillingScreen(page: Page): Promise<void> {
  await expect(page).toHaveURL(paths.billing.getHref());
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  await expect(form(page).getByRole('heading', { name: m.initiatePayment })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.history })).toBeVisible();
}

/** Presses Pay Now and waits through 'Waiting for Confirmation' to 'Payment Successful!', then Done; the reference paid. */
async function payByMpesa(page: Page): Promise<string> {
  const reference = await referenceField(page).inputValue();
  expect(reference).not.toBe('');
  await payNow(page).click();
  // Checked at once, not one after the other: the payment settles at the first poll, 4 s after
  // the push, and on a busy machine two checks in turn have taken longer than that.
  await Promise.all([
    expect(page.getByRole('dialog', { name: m.waiting }).getByRole('status')).toContainText(m.waitingHint.replace('{amount}', PRICE)),
    expect(form(page).getByRole('button', { name: m.processing })).toBeDisabled(),
  ]);
  const done = page.getByRole('dialog', { name: m.succeeded });
  await expect(done).toBeVisible({ timeout: PAYMENT_SETTLES_MS });
  await expect(done.getByText(m.toastSuccess, { exact: true })).toBeVisible();
  await expect(done.getByText(new RegExp(`^${m.columns.mpesaReference}: \\w+$`))).toBeVisible();
  await done.getByRole('button', { name: m.done }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  return reference;
}

test.describe('/billing', () => {
  test('an M-Pesa payment with the success number: waiting, successful, in the history, and the farm paid', async ({ page, request, account }) => {
    expect(PRICE.replace(/\s/g, ' ')).toBe('Ksh 2,500');
    const token = await signedIn(page, request, account, PHONES.success);
    await page.goto(paths.billing.getHref());
    await expectBillingScreen(page);

    await expect(form(page).getByText('+254 708 374 149')).toBeVisible();
    await expect(form(page).getByRole('link', { name: m.changePhone })).toHaveAttribute('href', paths.profile.getHref());
    await expect(form(page).getByLabel(m.amountLabel)).toHaveValue(PRICE);
    await expect(form(page).getByLabel(m.amountLabel)).toHaveAttribute('readonly');
    // docs/product.md §3: the first 6 letters of the username upper-cased, the user id, then 10 digits.
    const letters = account.username.replace(/[^A-Za-z]/g, '').slice(0, 6).toUpperCase();
    await expect(referenceField(page)).toHaveValue(new RegExp(`^${letters}\\d+$`));
    await expect(page.getByText(m.noPayments)).toBeVisible();
    await expect(payNow(page)).toBeEnabled();
    // Where the subscription stands, first: a new farm's trial.
    await expect(page.getByText(/^Free trial: \d+ days left \(ends \d{2} \w{3} \d{4}\)$/)).toBeVisible();
    await shot(page, 'billing-form');

    const reference = await payByMpesa(page);
    const entry = paymentEntry(page, reference);
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(PAYMENT_STATUS_LABELS.success);
    await expect(entry).toContainText('+254 708 374 149');
    // docs/product.md §4: the form takes a fresh reference a moment after a finished payment.
    await expect(referenceField(page)).not.toHaveValue(reference);
    await expect(payNow(page)).toBeEnabled();
    await shot(page, 'billing-paid');

    await page.reload();
    await expect(paymentEntry(page, reference)).toContainText(PAYMENT_STATUS_LABELS.success);
    expect((await me(request, token)).payment_status).toBe('paid');
    await expect(page.getByText(/^Paid until \d{2} \w{3} \d{4}$/)).toBeVisible();
  });

  test('an unpaid farm is held on /billing until it pays, then the lock lifts', async ({ page, request, account }) => {
    await signedIn(page, request, account, PHONES.success);
    // The real answer says trial; until the payment it reads as a trial that ended unpaid.
    await overrideMe(page, (real) =>
      real.payment_status === 'paid'
        ? real
        : { ...real, payment_status: 'unpaid', is_trial_active: false, subscription: { ...real.subscription, status: 'past_due' } },
    );

    await page.goto(paths.dashboard.getHref());
    await expectBillingScreen(page);
    await page.goto(paths.flocks.getHref());
    await expectBillingScreen(page);

    await payByMpesa(page);
    // The payment read the user again: the dashboard is open without a reload.
    await openFromNavigation(page, 'Dashboard');
    await expect(page).toHaveURL(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();
    await page.goto(paths.flocks.getHref());
    await expect(page).toHaveURL(paths.flocks.getHref());
  });

  test('a payment cancelled on the phone fails with the reason, and Retry gives a new reference', async ({ page, request, account }) => {
    await signedIn(page, request, account, PHONES.cancelled);
    await page.goto(paths.billing.getHref());
    await expectBillingScreen(page);
    await expect(form(page).getByText('+254 700 001 032')).toBeVisible();

    const reference = await referenceField(page).inputValue();
    await payNow(page).click();
    await expect(page.getByRole('dialog', { name: m.waiting })).toBeVisible();
    const failed = page.getByRole('dialog', { name: m.failedTitle });
    await expect(failed).toBeVisible({ timeout: PAYMENT_SETTLES_MS });
    const hint = resultHint(1032);
    expect(hint).not.toBeNull();
    await expect(failed.getByRole('alert')).toContainText(hint as string);
    await shot(page, 'billing-cancelled');
    await expect(paymentEntry(page, reference)).toContainText(PAYMENT_STATUS_LABELS.cancelled);

    await failed.getByRole('button', { name: m.retry }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(referenceField(page)).not.toHaveValue(reference);
    await expect(referenceField(page)).not.toHaveValue('');
    await expect(payNow(page)).toBeEnabled();
  });

  test('without a phone number Pay Now is disabled, and the form says where to add one', async ({ page, request, account }) => {
    await signedIn(page, request, account);
    await page.goto(paths.billing.getHref());
    await expectBillingScreen(page);
    await expect(form(page).getByText(m.noPhone)).toBeVisible();
    await expect(form(page).getByRole('link', { name: m.addPhone })).toHaveAttribute('href', paths.profile.getHref());
    await expect(payNow(page)).toBeDisabled();
    await expect(form(page).getByLabel(m.amountLabel)).toHaveValue(PRICE);
  });
});

test.describe('card payments and /paystack-callback', () => {
  test('Pay by card: the checkout page, Pay, back to the callback page, then the dashboard', async ({ page, request, account }) => {
    const token = await signedIn(page, request, account);
    await page.goto(paths.billing.getHref());
    await expectBillingScreen(page);
    const reference = await referenceField(page).inputValue();

    await form(page).getByRole('button', { name: m.payByCard }).click();
    await expect(page).toHaveURL(/\/__sim\/paystack\/checkout\/[^/]+$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === paths.paymentCallback.path && url.searchParams.get('reference') !== null);
    const status = page.getByRole('dialog', { name: m.callbackTitle });
    await expect(status.getByText(m.succeeded, { exact: true })).toBeVisible({ timeout: PAYMENT_SETTLES_MS });
    await expect(status.getByText(m.toastSuccess, { exact: true })).toBeVisible();
    await shot(page, 'billing-card-callback');
    await status.getByRole('link', { name: m.goToDashboard }).click();
    await expect(page).toHaveURL(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { name: greetingFor(account.username) })).toBeVisible();

    expect((await me(request, token)).payment_status).toBe('paid');
    await page.goto(paths.billing.getHref());
    const entry = paymentEntry(page, reference);
    await expect(entry).toContainText(PAYMENT_STATUS_LABELS.success);
    await expect(entry).toContainText('Card');
  });

  test('the callback page without a reference says so and leads back to billing', async ({ page, request, account }) => {
    await signedIn(page, request, account);
    await page.goto(paths.paymentCallback.getHref());
    const status = page.getByRole('dialog', { name: m.callbackTitle });
    await expect(status.getByRole('alert')).toContainText(m.noReference);
    await status.getByRole('link', { name: m.tryPaymentAgain }).click();
    await expectBillingScreen(page);
  });
});

test.describe('a suspended farm', () => {
  test('sees Subscription paused with the till and the price, and may log out', async ({ page, request, account }) => {
    const token = await signedIn(page, request, account);
    const plan = await request.get('/api/payments/plan', { headers: bearer(token) });
    expect(plan.status()).toBe(200);
    const { till_number: till } = (await plan.json()) as { till_number: string };
    await overrideMe(page, (real) => ({ ...real, status: 'suspended', subscription: { ...real.subscription, status: 'suspended' } }));

    await page.goto(paths.dashboard.getHref());
    const paused = page.getByRole('dialog', { name: m.suspendedTitle });
    await expect(paused).toBeVisible();
    await expect(paused).toContainText(m.suspendedText.replace('{amount}', PRICE).replace('{till}', till));
    await expect(paused.getByRole('link', { name: m.payNowToResume })).toHaveAttribute('href', paths.billing.getHref());
    // Not dismissable.
    await page.keyboard.press('Escape');
    await expect(paused).toBeVisible();
    await shot(page, 'billing-suspended');

    await paused.getByRole('button', { name: m.logout }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.auth.getHref()}$`));
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});
