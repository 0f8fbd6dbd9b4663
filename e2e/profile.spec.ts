import { emailCodeSentMessage, profileMessages } from '../packages/domain/src/profile-rules.js';
import { codeFor, expect, newAccount, openFromNavigation, paths, registerVerified, shot, test } from './fixtures.js';

// docs/product.md §2 Profile, §5 Profile password change, §8 (server text shown; 'Failed to update profile: {message}').
test.describe('/my-profile', () => {
  test('a username someone else has is refused with the server message', async ({ signedInPage: page, request }) => {
    const other = await registerVerified(request, newAccount('taken'));

    await page.goto(paths.dashboard.getHref());
    await openFromNavigation(page, 'My Profile');
    await expect(page).toHaveURL(paths.profile.getHref());

    await page.getByLabel('Username').fill(other.username);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Failed to update profile: That username is already taken.')).toBeVisible();
    // The same 409 text sits on the field itself.
    await expect(page.getByText('That username is already taken.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  test('details are saved: the phone shows grouped after a reload, the new username in the header', async ({
    signedInPage: page,
  }) => {
    const renamed = newAccount('renamed').username;

    await page.goto(paths.profile.getHref());
    await expect(page.getByText('No phone number yet')).toBeVisible();
    await page.getByLabel('Username').fill(renamed);
    await page.getByLabel('Phone Number').fill('0712 345 678');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Username')).toHaveValue(renamed);
    await expect(page.getByLabel('Phone Number')).toHaveValue('+254 712 345 678');
    await expect(page.getByRole('heading', { name: renamed, level: 2 })).toBeVisible();
    // The header's account link carries the username (docs/product.md §2 Application shell).
    await expect(page.getByRole('banner').getByRole('link', { name: renamed })).toBeVisible();
  });

  test('a wrong current password is refused and the password stays', async ({ signedInPage: page, account, request }) => {
    await page.goto(paths.profile.getHref());
    await page.getByLabel('Current Password').fill('not my password');
    await page.getByLabel('New Password', { exact: true }).fill('another pass 123');
    await page.getByLabel('Confirm New Password').fill('another pass 123');
    await page.getByRole('button', { name: 'Change Password' }).click();

    await expect(page.getByText('Current password is incorrect.')).toBeVisible();
    await expect(page.getByText('Failed to change password')).toBeVisible();
    const login = await request.post('/api/auth/login', {
      data: { identifier: account.email, password: account.password },
    });
    expect(login.status()).toBe(200);
  });

  // Decision 048: the current password, then the code mailed to the new address; the old address is told.
  test('a new email needs the current password and the code mailed to it', async ({ signedInPage: page, account, request }) => {
    const next = newAccount('moved').email;

    await page.goto(paths.profile.getHref());
    const password = page.getByLabel(profileMessages.currentPasswordForEmail, { exact: true });
    await expect(password).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Email' }).fill(next);
    await expect(password).toBeVisible();
    await password.fill(account.password);
    await shot(page, 'profile-email-password');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText(emailCodeSentMessage(next))).toBeVisible();
    // Nothing changes until the code is entered.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await shot(page, 'profile-email-code');

    await page.getByLabel(profileMessages.codeFieldLabel).fill(await codeFor(request, next));
    await page.getByRole('button', { name: profileMessages.confirmEmail }).click();
    await expect(page.getByText(profileMessages.emailChanged)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(next);
    await expect(page.getByLabel(profileMessages.codeFieldLabel)).toHaveCount(0);
    await shot(page, 'profile-email-changed');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(next);
    const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; subject: string; text: string }[];
    const told = outbox.find((mail) => mail.to === account.email && mail.subject === 'Your Kuku email was changed');
    expect(told?.text).toContain(next);
  });
});
