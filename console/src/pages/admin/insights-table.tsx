import { Link } from 'wouter';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { count, ms, percent } from '../../ui/format.ts';
import type { ToolInsight } from './types.ts';

const columns: Column<ToolInsight>[] = [
  {
    header: 'Tool',
    rowHeader: true,
    cell: (tool) => (
      <>
        {tool.tool}
        {tool.server && (
          <div className="hint">
            <Link href={`/admin/servers/${encodeURIComponent(tool.server)}`}>{tool.server}</Link>
          </div>
        )}
      </>
    ),
  },
  { header: 'Calls', cell: (tool) => count(tool.calls) },
  {
    header: 'Success',
    cell: (tool) => (
      <>
        {percent(tool.success_rate)}
        <div className="bar" aria-hidden="true">
          <span style={{ width: `${Math.round((tool.success_rate ?? 0) * 100)}%` }} />
        </div>
      </>
    ),
  },
  { header: 'p50', cell: (tool) => ms(tool.p50_duration_ms) },
  { header: 'p95', cell: (tool) => ms(tool.p95_duration_ms) },
  { header: 'Top errors', cell: (tool) => (tool.top_errors.length ? tool.top_errors.map((e) => `${e.code} (${e.count})`).join(', ') : '—') },
];

/** Per-tool calls, success rate and latency (GET /observability/tool-insights). */
export function InsightsTable({ tools, caption }: { tools: ToolInsight[]; caption: string }) {
  return <DataTable className="insights" caption={caption} columns={columns} rows={tools} rowKey={(tool) => `${tool.server ?? ''}/${tool.tool}`} />;
}
