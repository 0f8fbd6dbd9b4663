import { describe, expect, it } from 'vitest';
import { authMessages } from './auth-rules.js';
import { loginSchema, otpSchema, registerFormSchema, registerSchema, resetPasswordSchema } from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registration', () => {
  const good = { username: 'jane_doe1', email: ' Jane@Example.COM ', password: 'password123' };

  it('accepts a good account and normalises the email', () => {
    expect(registerSchema.parse(good)).toEqual({ ...good, email: 'jane@example.com' });
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters.'],
    [{ username: 'x'.repeat(31) }, 'Username must be at most 30 characters.'],
    [{ username: 'jane-doe' }, 'Username may only contain letters, digits and _.'],
    [{ email: 'jane@' }, 'Enter a valid email address.'],
    [{ email: '' }, 'Email is required.'],
    [{ password: '1234567' }, 'Password must be at least 8 characters.'],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(registerSchema.safeParse({ ...good, ...change }))).toBe(message);
  });

  it("says 'Passwords do not match' on the confirmation", () => {
    const result = registerFormSchema.safeParse({ ...good, confirmPassword: 'password124' });
    expect(result.error?.issues[0]).toMatchObject({ message: authMessages.passwordsDoNotMatch, path: ['confirmPassword'] });
    expect(registerFormSchema.safeParse({ ...good, confirmPassword: good.password }).success).toBe(true);
  });
});

describe('codes and logins', () => {
  it.each(['123456', '000000', ' 654321 '])('accepts the code %j', (otp) => {
    expect(otpSchema.safeParse(otp).success).toBe(true);
  });
  it.each(['12345', '1234567', '12345a', ''])('refuses the code %j', (otp) => {
    expect(firstMessage(otpSchema.safeParse(otp))).toBe('Enter the 6-digit code.');
  });
  it('needs an identifier and a password to log in', () => {
    expect(firstMessage(loginSchema.safeParse({ identifier: ' ', password: 'x' }))).toBe('Enter your email or username.');
    expect(firstMessage(loginSchema.safeParse({ identifier: 'jane', password: '' }))).toBe('Enter your password.');
  });
  it('holds a new password to the same rule as registration', () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ email: 'a@b.co', otp: '123456', new_password: 'short' }))).toBe(
      'Password must be at least 8 characters.',
    );
  });
});
