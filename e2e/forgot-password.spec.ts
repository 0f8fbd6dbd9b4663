import {
  codeFor,
  expect,
  greetingFor,
  loginThroughUi,
  newAccount,
  paths,
  registerVerified,
  test,
} from './fixtures.js';

// docs/product.md §2 Forgot password, §4 Password reset, §5 Forgot password.
test.describe('/forgot-password', () => {
  test('from the login form: email, code and new password; the new password works, the old does not', async ({
    page,
    request,
  }) => {
    const account = await registerVerified(request, newAccount('reset'));
    const newPassword = 'reset farm pass 789';

    await page.goto(paths.auth.getHref());
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(paths.forgotPassword.getHref());
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();

    const sentAfter = new Date().toISOString();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();

    // Step two: OTP and New Password.
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expect(page.getByLabel('OTP digit 1 of 6')).toBeVisible();
    await expect(page.getByLabel('New Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();

    // Back returns to step one, with the email kept.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();

    // A second send within the minute sends nothing new: the first code stays good.
    const code = await codeFor(request, account.email, sentAfter);
    await page.getByLabel('OTP digit 1 of 6').pressSequentially(code);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page).toHaveURL(paths.auth.getHref());
    await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();

    await loginThroughUi(page, account.email, account.password);
    await expect(page.getByText('Incorrect email, username or password.')).toBeVisible();
    await expect(page).toHaveURL(paths.auth.getHref());

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(paths.dashboard.getHref());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(greetingFor(account.username));
  });

  test('Cancel returns to /auth from either step', async ({ page, request }) => {
    const account = await registerVerified(request, newAccount('resetcancel'));

    await page.goto(paths.forgotPassword.getHref());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    await page.goto(paths.forgotPassword.getHref());
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(paths.auth.getHref());
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('a wrong code shows the server message and keeps the old password', async ({ page, request }) => {
    const account = await registerVerified(request, newAccount('resetbad'));

    await page.goto(paths.forgotPassword.getHref());
    const sentAfter = new Date().toISOString();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const code = await codeFor(request, account.email, sentAfter);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('OTP digit 1 of 6').pressSequentially(wrong);
    await page.getByLabel('New Password').fill('never saved 123');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(
      page.getByText('Invalid or expired code. Please check the code or request a new one.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(paths.forgotPassword.getHref());
    expect((await request.post('/api/auth/login', { data: { identifier: account.email, password: account.password } })).status()).toBe(200);
  });
});
