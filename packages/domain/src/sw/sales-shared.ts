/** Kiswahili: what the sales catalogues share (decision 068). */

// A catalogue holds data only (no value import): counts and money are written here as the app's
// formatters write them (common/numbers.ts formatCount, common/money.ts formatKes, en-KE).
export const count = (n: number) => new Intl.NumberFormat('en-KE').format(n);

export const kes = (cents: number) => {
  const whole = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' }).format(text as Intl.StringNumericLiteral);
};

export const salesOf = (n: number) => (n === 1 ? 'mauzo 1' : `mauzo ${count(n)}`);

export const STATUS: Record<string, string> = { pending: 'Inasubiri', paid: 'Imelipwa' };


export const days = (n: number) => (n <= 0 ? 'leo' : n === 1 ? 'siku 1' : `siku ${count(n)}`);

