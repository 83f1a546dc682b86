/** The days of a chart's period (the formatters every page shares are in ui/format.ts). */

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
