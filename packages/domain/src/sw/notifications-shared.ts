/** Kiswahili: what the notifications catalogues share (decision 068). */
import type { notificationTexts as texts } from '../notification-texts.js';

// A catalogue holds data only (no value import): money is written as common/money.ts
// formatKesPrice writes it (en-KE; whole shillings without decimals).
export const kesPrice = (cents: number): string => {
  const whole = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  const decimals = cents % 100 === 0 ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {};
  return new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', ...decimals }).format(text as Intl.StringNumericLiteral);
};


export type Texts = typeof texts;

/** Each notification's words, a title and a message, from the same figures as the English. */
export type NotificationWords = { readonly [Key in keyof Texts]: (...args: Parameters<Texts[Key]>) => { title: string; message: string } };

