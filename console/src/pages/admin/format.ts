/** Numbers and dates as the admin pages show them. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const whenSeconds = (seconds: number | null | undefined) => (seconds == null ? '—' : dateTime.format(new Date(seconds * 1000)));
export const whenIso = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const day = (seconds: number) => dateOnly.format(new Date(seconds * 1000));

/** A rate the service answers as 0..1 (or null when nothing was counted). */
export const percent = (rate: number | null | undefined) => (rate == null ? '—' : `${Math.round(rate * 1000) / 10}%`);
export const ms = (value: number | null | undefined) => (value == null ? '—' : `${value.toLocaleString()} ms`);
export const count = (value: number) => value.toLocaleString();

/**
 * Every day of a period as YYYY-MM-DD (UTC, as the service groups them), so a chart shows the
 * quiet days as zero instead of joining the busy ones with a line.
 */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = new Date(to);
  for (let d = new Date(`${from.slice(0, 10)}T00:00:00Z`); d <= end && days.length < 400; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

export function fillDays<T extends { date: string }>(from: string, to: string, rows: T[], empty: (date: string) => T): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return daysOf(from, to).map((date) => byDate.get(date) ?? empty(date));
}
