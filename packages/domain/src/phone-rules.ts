/**
 * Kenyan phone numbers without zod or words, so the shell's support chat and the schemas share one
 * rule (docs/product.md §5). The refusal's words are in phone-words.ts.
 */

export const PHONE_COUNTRY_PREFIX = '254';

/** A Kenyan mobile number as M-Pesa and SMS gateways take it, without the plus: 2547XXXXXXXX or 2541XXXXXXXX. */
export const KENYAN_MOBILE_PATTERN = /^254(7|1)\d{8}$/;

/**
 * docs/product.md §5: remove non-digits; a leading 0 becomes 254; otherwise prefix 254
 * unless it already starts with 254.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.startsWith('0')) return PHONE_COUNTRY_PREFIX + digits.slice(1);
  if (digits.startsWith(PHONE_COUNTRY_PREFIX)) return digits;
  return PHONE_COUNTRY_PREFIX + digits;
}

/**
 * A Kenyan mobile number in any usual shape ('0712 345 678', '712345678', '254712345678',
 * '+254 712-345-678', 01xx numbers) in E.164, '+2547XXXXXXXX' or '+2541XXXXXXXX'; null for
 * anything else. Only spaces, dashes, dots and brackets may sit between the digits, and a plus
 * only in front: 'call 0712…' or '0712345678x' is not a number.
 */
export function kenyanMobileE164(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > 32 || !/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = normalizePhone(trimmed);
  return KENYAN_MOBILE_PATTERN.test(digits) ? `+${digits}` : null;
}
