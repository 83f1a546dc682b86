import type { ReactNode } from 'react';

/** A row of headline figures (counts, rates) at the top of an admin page. */
export function StatGrid({ items, label }: { items: { label: string; value: ReactNode; hint?: string }[]; label: string }) {
  return (
    <dl className="admin-stats" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="admin-stat">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
          {item.hint && <dd className="hint">{item.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
