import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, phoneNumberSchema, updateProfileSchema } from './profile.js';
import { normalizePhone } from './phone-rules.js';
import { changesEmail, formatPhone, profileMessages } from './profile-rules.js';

describe('phone numbers (docs/product.md §5)', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712-345-678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['', ''],
  ])('normalises %j to %j', (input, digits) => {
    expect(normalizePhone(input)).toBe(digits);
  });

  it('shows +254 then groups of 3-3-3', () => {
    expect(formatPhone('254712345678')).toBe('+254 712 345 678');
    expect(formatPhone('0712345678')).toBe('+254 712 345 678');
    expect(formatPhone(null)).toBe('');
  });

  it('accepts only a 254 number of 12 digits, or empty', () => {
    expect(phoneNumberSchema.parse('0712 345 678')).toBe('254712345678');
    expect(phoneNumberSchema.parse('')).toBe('');
    expect(phoneNumberSchema.safeParse('0712').error?.issues[0]?.message).toBe(profileMessages.invalidPhone);
  });
});

describe('profile updates', () => {
  it("says 'New passwords do not match'", () => {
    const result = changePasswordFormSchema.safeParse({ password: 'old password', newPassword: 'new password1', confirmPassword: 'new password2' });
    expect(result.error?.issues[0]?.message).toBe(profileMessages.newPasswordsDoNotMatch);
  });

  it('takes details or a password change, and refuses an empty body', () => {
    expect(updateProfileSchema.safeParse({ username: 'jane' }).success).toBe(true);
    expect(updateProfileSchema.safeParse({ password: 'old password', newPassword: 'new password' }).success).toBe(true);
    expect(updateProfileSchema.safeParse({}).error?.issues[0]?.message).toBe(profileMessages.nothingToUpdate);
    expect(updateProfileSchema.safeParse({ newPassword: 'new password' }).error?.issues[0]?.message).toBe('Enter your current password.');
  });

  it('takes the current password with a new email, and not alone', () => {
    expect(updateProfileSchema.safeParse({ email: 'new@example.com', password: 'old password' }).success).toBe(true);
    expect(updateProfileSchema.safeParse({ password: 'old password' }).error?.issues[0]?.message).toBe(profileMessages.nothingToUpdate);
  });

  it('asks for the password only when the email would change', () => {
    expect(changesEmail('jane@example.com', ' Jane@Example.com ')).toBe(false);
    expect(changesEmail('jane@example.com', '')).toBe(false);
    expect(changesEmail('jane@example.com', 'june@example.com')).toBe(true);
  });
});
