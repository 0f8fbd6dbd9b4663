import { expect, newAccount, openFromNavigation, paths, registerVerified, test } from './fixtures.js';

// SPEC §2 Profile, §5 Profile password change, §8 (server text shown; 'Failed to update profile: {message}').
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
    // The header's account link carries the username (SPEC §2 Application shell).
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
});
