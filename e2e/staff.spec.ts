import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { authMessages } from '../packages/domain/src/auth-rules.js';
import { dashboardMessages } from '../packages/domain/src/dashboard-rules.js';
import { roleLabels, staffMessages as m } from '../packages/domain/src/staff-rules.js';
import { apiLogin, appSettled, expect, isPhone, newAccount, paths, projectContext, registerVerified, shot, signIn, test } from './fixtures.js';

// docs/design.md §6 roles on a farm; docs/product.md §2 /user-registration; decision 039.

/** The invitation mailed to `email`, read from the dev outbox: its code and its link. */
async function invitationFor(request: APIRequestContext, email: string): Promise<{ code: string; link: string }> {
  let found: { code: string; link: string } | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
      const text = mails.find((mail) => mail.to === email)?.text ?? '';
      const code = /Your code: (\d{6})/.exec(text)?.[1];
      const link = /Open (\S+), enter the code/.exec(text)?.[1];
      found = code && link ? { code, link } : undefined;
      return found;
    })
    .toBeTruthy();
  if (!found) throw new Error(`No invitation mailed to ${email}`);
  return found;
}

/** The owner's own browser, of this project's size and touch, signed in. */
async function ownerPage(browser: Browser, token: string): Promise<Page> {
  const context = await projectContext(browser);
  const page = await context.newPage();
  await signIn(page, token);
  return page;
}

/** The main navigation's links: the sidebar on desktop, the slide-in menu (opened here) on phones. */
async function navigation(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  return page.getByRole('navigation', { name: 'Main' });
}

/** The list's entry of one member: the table's row on desktop, the card on phones. */
function memberEntry(page: Page, username: string) {
  const list = page.getByRole('region', { name: m.memberList });
  return isPhone(page) ? list.getByRole('listitem').filter({ hasText: username }) : list.getByRole('row').filter({ hasText: username });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MONEY_SCREENS = ['Sales', 'Expenses', 'Finances', 'Reports', 'Billing', 'User Registration'];

test.describe('/user-registration', () => {
  test('the owner invites a worker, who joins with the mailed code and sees only their screens; a new role and a removal take effect', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await registerVerified(request, newAccount('owner'));
    const boss = await ownerPage(browser, await apiLogin(request, owner));
    const worker = newAccount('worker');

    // The owner's screen: themselves first, as 'You', and the empty words.
    await boss.goto(paths.userRegistration.getHref());
    await expect(boss.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await expect(memberEntry(boss, owner.username)).toContainText(m.you);
    await expect(memberEntry(boss, owner.username)).toContainText(roleLabels.owner);
    await expect(boss.getByText(m.empty)).toBeVisible();

    // Add Member: the form checks before it sends, then invites.
    await boss.getByRole('button', { name: m.addMember }).click();
    const dialog = boss.getByRole('dialog', { name: m.addMember });
    await dialog.getByRole('button', { name: m.invite }).click();
    await expect(dialog.getByText(m.roleRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: m.username }).fill(worker.username);
    await dialog.getByRole('textbox', { name: m.email }).fill(worker.email);
    await dialog.getByRole('radio', { name: roleLabels.worker }).check();
    await dialog.getByRole('button', { name: m.invite }).click();
    await expect(boss.getByText(m.invitationSent(worker.email))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(memberEntry(boss, worker.username)).toContainText(m.invited);
    await expect(memberEntry(boss, worker.username)).toContainText(m.never);
    await shot(boss, 'staff-invited');

    // The invitee opens the mailed link, enters the code and chooses a password: signed in, on the dashboard.
    const invitation = await invitationFor(request, worker.email);
    const dashboardStats: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/stats/dashboard') dashboardStats.push(r.url());
    });
    await page.goto(new URL(invitation.link).pathname + new URL(invitation.link).search);
    await expect(page.getByRole('heading', { level: 1, name: m.acceptTitle })).toBeVisible();
    await expect(page.getByRole('textbox', { name: m.email })).toHaveValue(worker.email);
    await page.getByLabel('OTP digit 1 of 6').pressSequentially(invitation.code);
    await page.getByLabel(m.newPassword, { exact: true }).fill(worker.password);
    await page.getByLabel(m.confirmPassword, { exact: true }).fill(`${worker.password}!`);
    await page.getByRole('button', { name: m.accept }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel(m.confirmPassword, { exact: true }).fill(worker.password);
    await page.getByRole('button', { name: m.accept }).click();
    await expect(page.getByText(m.accepted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`, ${worker.username}$`) })).toBeVisible();
    // A worker's dashboard: no figures, and none asked for.
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: dashboardMessages.keyStatistics })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Sales' })).toHaveCount(0);
    expect(dashboardStats).toEqual([]);
    // The password chosen is theirs from now on.
    expect(await apiLogin(request, worker)).toBeTruthy();

    // Only the screens a worker may open are in the navigation.
    let nav = await navigation(page);
    await expect(nav.getByRole('link', { name: 'Egg Production', exact: true })).toBeVisible();
    for (const label of MONEY_SCREENS) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await shot(page, 'staff-worker-navigation');

    // A typed address of a money screen says why instead of showing it, and, though the app
    // starts cold there, asks for none of its data (the role is checked first: no 403s).
    const salesAsked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/sales')) salesAsked.push(r.url());
    });
    await page.goto(paths.sales.getHref());
    await expect(page.getByRole('heading', { level: 1, name: m.forbiddenTitle })).toBeVisible();
    await expect(page.getByText(m.forbidden)).toBeVisible();
    await appSettled(page);
    expect(salesAsked).toEqual([]);
    await shot(page, 'staff-forbidden');
    await page.getByRole('link', { name: m.backToDashboard }).click();
    await expect(page).toHaveURL(/\/$/);

    // The owner sees them joined, and makes them a manager.
    await boss.reload();
    await expect(memberEntry(boss, worker.username)).not.toContainText(m.invited);
    await memberEntry(boss, worker.username).getByRole('combobox', { name: m.changeRoleOf(worker.username) }).selectOption('manager');
    await expect(boss.getByText(m.roleChanged(worker.username, 'manager'))).toBeVisible();
    await expect(memberEntry(boss, worker.username)).toContainText(roleLabels.manager);

    await page.reload();
    nav = await navigation(page);
    await expect(nav.getByRole('link', { name: 'Sales', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'User Registration', exact: true })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Sales', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();

    // The owner removes them after the question; their next request finds no session.
    await memberEntry(boss, worker.username).getByRole('button', { name: `${m.remove} ${worker.username}` }).click();
    const confirm = boss.getByRole('dialog', { name: m.remove });
    await expect(confirm).toContainText(m.confirmRemove(worker.username));
    await confirm.getByRole('button', { name: m.remove }).click();
    await expect(boss.getByText(m.removed(worker.username))).toBeVisible();
    await expect(memberEntry(boss, worker.username)).toHaveCount(0);
    await expect(boss.getByText(m.empty)).toBeVisible();

    // Their open socket may have signed them out already (closed 4401); if not, the next request does.
    await page.goto(paths.eggs.getHref());
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await boss.context().close();
  });

  test('a wrong code is refused in the server’s words, on the code', async ({ page, request }) => {
    const owner = await registerVerified(request, newAccount('owner'));
    const token = await apiLogin(request, owner);
    const invitee = newAccount('auditor');
    const res = await request.post('/api/staff', {
      headers: { Authorization: `Bearer ${token}` },
      data: { username: invitee.username, email: invitee.email, role: 'auditor' },
    });
    expect(res.status()).toBe(201);
    const { code } = await invitationFor(request, invitee.email);
    const wrong = code === '000000' ? '111111' : '000000';

    await page.goto(`${paths.auth.getHref()}?invitation=1&email=${encodeURIComponent(invitee.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: m.acceptTitle })).toBeVisible();
    await page.getByLabel('OTP digit 1 of 6').pressSequentially(wrong);
    await page.getByLabel(m.newPassword, { exact: true }).fill(invitee.password);
    await page.getByLabel(m.confirmPassword, { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: m.accept }).click();
    await expect(page.getByText(new RegExp(`^(${escape(authMessages.invalidOtp)}|${escape(m.invitationInvalid)})$`)).first()).toBeVisible();
    await expect(page).toHaveURL(/invitation=1/);
    await shot(page, 'staff-accept-refused');
  });
});
