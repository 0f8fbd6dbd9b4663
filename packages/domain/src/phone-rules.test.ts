import { describe, expect, it } from 'vitest';
import { kenyanMobileE164, normalizePhone } from './phone-rules.js';
import { kenyanMobile, phoneMessages } from './phone-words.js';

describe('kenyanMobileE164', () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254 712-345-678', '+254712345678'],
    ['+254712345678', '+254712345678'],
    ['(0712) 345.678', '+254712345678'],
    ['  0722000111 ', '+254722000111'],
    ['0110 123 456', '+254110123456'],
    ['110123456', '+254110123456'],
    ['+254 110 123 456', '+254110123456'],
  ])('%j → %s', (input, e164) => {
    expect(kenyanMobileE164(input)).toBe(e164);
  });

  it.each([
    [''],
    ['   '],
    ['0712 345 67'],
    ['0712 345 6789'],
    // A landline (020 Nairobi) and another country's mobile.
    ['020 222 2222'],
    ['+255 712 345 678'],
    ['+2540712345678'],
    ['0812 345 678'],
    ['call 0712 345 678'],
    ['0712345678x'],
    ['07+12345678'],
    ['9'.repeat(40)],
  ])('%j is refused', (input) => {
    expect(kenyanMobileE164(input)).toBeNull();
    expect(kenyanMobile(input)).toEqual({ ok: false, message: 'Enter a Kenyan mobile number, like 0712 345 678.' });
  });

  it('answers the number in E.164 with the words object', () => {
    expect(kenyanMobile('0712 345 678')).toEqual({ ok: true, number: '+254712345678' });
    expect(phoneMessages.notKenyanMobile).toBe('Enter a Kenyan mobile number, like 0712 345 678.');
  });

  it('is the same rule M-Pesa normalizes with (docs/product.md §5)', () => {
    expect(normalizePhone('+254 712-345-678')).toBe('254712345678');
  });
});
