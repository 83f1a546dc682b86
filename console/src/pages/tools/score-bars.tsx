import type { RankedTool } from './types.ts';

const PARTS = [
  { key: 'semantic_score', label: 'Semantic' },
  { key: 'capability_score', label: 'Capability' },
  { key: 'success_rate', label: 'Success rate' },
] as const;

const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * A result's score breakdown as bars. Each bar is a `meter` for assistive technology, with its
 * value in words beside it, so the number is readable without the picture.
 */
export function ScoreBars({ tool }: { tool: RankedTool }) {
  return (
    <dl className="score-bars">
      {PARTS.map(({ key, label }) => (
        <div className="score-row" key={key} data-testid={`score-${key}`}>
          <dt>{label}</dt>
          <dd>
            <span className="bar" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(tool[key] * 100)}>
              <span style={{ width: percent(tool[key]) }} />
            </span>
            <span className="score-value">{percent(tool[key])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
