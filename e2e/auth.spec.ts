import { authMessages } from '../packages/domain/src/auth-rules.js';
import {
  codeFor,
  expect,
  greetingFor,
  loginThroughUi,
  newAccount,
  paths,
  registerUnverified,
  registerVerified,
  shot,
  test,
} from './fixtures.js';

// docs/product.md §2 Authentication, §4 Session, §5 Register and Profile rules, §8 (server text in a toast).
test.describe('/auth', () => {
  test('register, verify, log in, edit the profile, change the password, log out and back in', async ({
    page,
    request,
  }) => {
    const account = newAccount('journey');
    const newPassword = 'new farm pass 456';

    await page.goto(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    // docs/product.md §5: the confirmation must match.
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(`${account.password}x`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    await page.getByLabel('Confirm Password').fill(account.password);
    await expect(page.getByText('Passwords do not match')).toBeHidden();
    await page.getByRole('button', { name: 'Register' }).click();

    // The otp view: Verify needs exactly 6 digits; Resend waits for its 60-second countdown (docs/product.md §4, §5).
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    const verify = page.getByRole('button', { name: 'Verify' });
    const resend = page.getByRole('button', { name: /^Resend OTP/ });
    await expect(verify).toBeDisabled();
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^Resend OTP in \d+s$/);

    const code = await codeFor(request, account.email);
    await page.getByLabel('OTP digit 1 of 6').pressSequentially(code.slice(0, 5));
    await expect(page.getByLabel('OTP digit 5 of 6')).toHaveValue(code.charAt(4));
    await expect(verify).toBeDisabled();
    await page.getByLabel('OTP digit 6 of 6').pressSequentially(code.charAt(5));
    await expect(verify).toBeEnabled();
    // The countdown runs: below 60 and still disabled.
    await expect(resend).toHaveText(/^Resend OTP in ([1-5]?\d)s$/);
    await expect(resend).toBeDisabled();
    await verify.click();

    // Verified in the visit the password was typed in: signed straight in (decision 054).
    await expect(page.getByText(authMessages.verifiedSignedIn)).toBeVisible();
    await expect(page).toHaveURL(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));

    // docs/product.md §2 Dashboard: Quick Actions and where each leads.
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    const quickActions: [string, string][] = [
      ['Add Birds', '/bird-management'],
      ['Manage Inventory', '/inventory'],
      ['Generate Reports', '/reports'],
      ['View Sales', '/sales-management'],
      ['View Expenses', '/expenses'],
      ['My Profile', '/my-profile'],
    ];
    for (const [name, href] of quickActions) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await shot(page, 'dashboard');

    await main.getByRole('link', { name: 'My Profile', exact: true }).click();
    await expect(page).toHaveURL('/my-profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    // docs/product.md §5: a phone number is shown as +254 with 3-3-3 grouping once saved.
    await expect(page.getByLabel('Username')).toHaveValue(account.username);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await page.getByLabel('Phone Number').fill('0712345678');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();
    await expect(page.getByLabel('Phone Number')).toHaveValue('+254 712 345 678');
    await expect(page.getByText('+254 712 345 678', { exact: true })).toBeVisible();
    await shot(page, 'profile');

    // docs/product.md §5: the new password and its confirmation must match.
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully.')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('You have been logged out.')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kuku.token'))).toBeNull();
    // The way back leads to /auth too: the session is gone.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    // Login with the username rather than the email.
    await loginThroughUi(page, account.username, newPassword);
    await expect(page).toHaveURL(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
  });

  test('an unverified account that logs in lands on the otp view and can verify there', async ({ page, request }) => {
    const account = await registerUnverified(request, newAccount('unverified'));

    await page.goto(paths.auth.getHref());
    await loginThroughUi(page, account.username, account.password);

    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText('Please verify your email. We have sent a new 6-digit code to it.')).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend OTP/ })).toBeDisabled();

    // The code of the registration is still the good one (it is under a minute old).
    await page.getByLabel('OTP digit 1 of 6').pressSequentially(await codeFor(request, account.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    // The password typed a moment ago signs in at once (decision 054).
    await expect(page.getByText(authMessages.verifiedSignedIn)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
  });

  test('Resend OTP is enabled only when the 60-second countdown reaches 0', async ({ page, request }) => {
    const account = await registerUnverified(request, newAccount('countdown'));
    // The page's clock, so the minute passes at once (the server keeps real time).
    await page.clock.install();

    await page.goto(paths.auth.getHref());
    await loginThroughUi(page, account.email, account.password);
    const resend = page.getByRole('button', { name: /^Resend OTP/ });
    await expect(resend).toHaveText('Resend OTP in 60s');
    await expect(resend).toBeDisabled();

    // The installed clock still runs in real time too, so on a busy machine a few more
    // seconds may have gone: halfway is "30s or a little less", never enabled.
    await page.clock.fastForward(30_000);
    await expect(resend).toHaveText(/^Resend OTP in (30|2\d)s$/);
    await expect(resend).toBeDisabled();

    await page.clock.fastForward(30_000);
    await expect(resend).toHaveText('Resend OTP');
    await expect(resend).toBeEnabled();
  });

  test('Cancel on the otp view goes back to the login view', async ({ page, request }) => {
    const account = await registerUnverified(request, newAccount('cancel'));

    await page.goto(paths.auth.getHref());
    await loginThroughUi(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // A reload does not bring the otp view back once it was left.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('a wrong password shows the server message and keeps the user signed out', async ({ page, request }) => {
    const account = await registerVerified(request, newAccount('wrongpw'));

    await page.goto(paths.auth.getHref());
    await loginThroughUi(page, account.username, 'not the password');

    await expect(page.getByText('Incorrect email, username or password.')).toBeVisible();
    await expect(page).toHaveURL(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('kuku.token'))).toBeNull();
  });
});
