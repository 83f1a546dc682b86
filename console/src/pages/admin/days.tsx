import { useLocation, useSearch } from 'wouter';

const CHOICES = [7, 30, 90] as const;

/** The reporting period of an analytics page, kept in the address (?days=) so a view can be linked. */
export function useDays(fallback = 30): number {
  const days = Number(new URLSearchParams(useSearch()).get('days'));
  return (CHOICES as readonly number[]).includes(days) ? days : fallback;
}

export function DaysPicker({ days }: { days: number }) {
  const [location, navigate] = useLocation();
  return (
    <label className="admin-inline-label">
      Period{' '}
      <select value={days} onChange={(event) => navigate(`${location}?days=${event.target.value}`, { replace: true })}>
        {CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            last {choice} days
          </option>
        ))}
      </select>
    </label>
  );
}
