import { useEffect, type ReactNode } from 'react';

/** A page's heading and document title. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Switchboard`;
  }, [title]);
  return (
    <section className="page">
      <div className="page-head">
        <h1>{title}</h1>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
