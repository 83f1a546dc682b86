import { Link } from 'wouter';
import { count, ms, percent } from '../../ui/format.ts';
import type { ToolInsight } from './types.ts';

/** Per-tool calls, success rate and latency (GET /observability/tool-insights). */
export function InsightsTable({ tools, caption }: { tools: ToolInsight[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="insights">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Calls</th>
            <th scope="col">Success</th>
            <th scope="col">p50</th>
            <th scope="col">p95</th>
            <th scope="col">Top errors</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={`${tool.server ?? ''}/${tool.tool}`}>
              <th scope="row">
                {tool.tool}
                {tool.server && (
                  <div className="hint">
                    <Link href={`/admin/servers/${encodeURIComponent(tool.server)}`}>{tool.server}</Link>
                  </div>
                )}
              </th>
              <td>{count(tool.calls)}</td>
              <td>
                {percent(tool.success_rate)}
                <div className="bar" aria-hidden="true">
                  <span style={{ width: `${Math.round((tool.success_rate ?? 0) * 100)}%` }} />
                </div>
              </td>
              <td>{ms(tool.p50_duration_ms)}</td>
              <td>{ms(tool.p95_duration_ms)}</td>
              <td>{tool.top_errors.length ? tool.top_errors.map((e) => `${e.code} (${e.count})`).join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
