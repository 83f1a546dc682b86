import { useEffect, useRef, type ReactNode } from 'react';
import { CopyButton } from './copy-button.tsx';

/**
 * A secret the service shows in one answer only (a new API key, a webhook's signing secret):
 * the value with a copy button and a plain warning. It takes the focus when it appears, so a
 * keyboard or screen-reader user lands on it.
 */
export function ShownOnce({ title, value, onDone, children }: { title: string; value: string; onDone: () => void; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="card shown-once" role="region" aria-label={title} tabIndex={-1} ref={ref}>
      <h2>{title}</h2>
      <p className="shown-once-warning">
        <strong>Copy it now: you will not see it again.</strong> Switchboard keeps only a hash of it.
      </p>
      <div className="shown-once-value">
        <code data-testid="shown-once-value">{value}</code>
      </div>
      {children}
      <div className="button-row">
        <CopyButton text={value} className="" />
        <button type="button" className="secondary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </div>
  );
}
