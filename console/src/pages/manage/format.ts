/** Unix seconds as local date and time, or a dash. */
export function when(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** "in 2 min", "5 s ago": how far a time is from now. */
export function relative(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  const diff = Math.round(seconds - Date.now() / 1000);
  const abs = Math.abs(diff);
  const text = abs < 60 ? `${abs} s` : abs < 3600 ? `${Math.round(abs / 60)} min` : abs < 86_400 ? `${Math.round(abs / 3600)} h` : `${Math.round(abs / 86_400)} d`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

export const limitText = (value: number | null | undefined) => (value === null || value === undefined ? 'unlimited' : String(value));
