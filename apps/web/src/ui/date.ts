/** Dates as Kenyan readers expect them, with Intl (no date library on the first screen). */
const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Nov 2025' */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** '22 Nov 2025, 14:05' */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}
