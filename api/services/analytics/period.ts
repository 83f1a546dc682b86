/** The reporting window of an analytics query: the last `days` days up to now. */
export function period(days: number) {
  const to = new Date();
  const from = new Date(to.getTime() - days * 86_400_000);
  return { since: from, body: { days, from: from.toISOString(), to: to.toISOString() } };
}

export const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());

export const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);
