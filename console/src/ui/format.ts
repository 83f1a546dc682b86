/** Dates, durations and numbers as every page of the console shows them. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Unix seconds (as the service answers times) in the person's local date and time, or a dash. */
export const when = (seconds: number | null | undefined) => (seconds == null ? '—' : dateTime.format(new Date(seconds * 1000)));
export const whenIso = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const day = (seconds: number) => dateOnly.format(new Date(seconds * 1000));

/** "in 2 min", "5 s ago": how far a time is from now. */
export function relative(seconds: number | null | undefined): string {
  if (seconds == null) return '';
  const diff = Math.round(seconds - Date.now() / 1000);
  const abs = Math.abs(diff);
  const text = abs < 60 ? `${abs} s` : abs < 3600 ? `${Math.round(abs / 60)} min` : abs < 86_400 ? `${Math.round(abs / 3600)} h` : `${Math.round(abs / 86_400)} d`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

/** A rate the service answers as 0..1 (or null when nothing was counted). */
export const percent = (rate: number | null | undefined) => (rate == null ? '—' : `${Math.round(rate * 1000) / 10}%`);
export const ms = (value: number | null | undefined) => (value == null ? '—' : `${value.toLocaleString()} ms`);
export const count = (value: number) => value.toLocaleString();
/** A plan limit, where null means none. */
export const limitText = (value: number | null | undefined) => (value == null ? 'unlimited' : String(value));
