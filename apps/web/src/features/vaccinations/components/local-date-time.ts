const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the phone's datetime-local value, 'yyyy-MM-ddTHH:mm'. */
export function localValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value as an instant; null while empty or half typed. */
export function parseLocalDateTime(value: string): Date | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
