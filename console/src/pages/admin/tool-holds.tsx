import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { whenIso } from '../../ui/format.ts';
import { ErrorNotice, QueryView } from '../../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';

type Hold = ResponseOf<'/tool_holds'>['holds'][number];
type HoldDetail = ResponseOf<'/tool_holds/{hold_id}'>;

const KIND: Record<Hold['kind'], string> = { changed: 'definition changed', new: 'new tool', 'first-sighting': 'flagged at first sight' };

const holdColumns: Column<Hold>[] = [
  { header: 'Tool', rowHeader: true, cell: (h) => `${h.server}/${h.tool}` },
  { header: 'Why', cell: (h) => KIND[h.kind] },
  { header: 'Findings', cell: (h) => [...new Set(h.findings.map((f) => f.rule))].join(', ') || '—' },
  { header: 'Since', cell: (h) => whenIso(h.created_at) },
];

/**
 * /admin/tool-holds (issue 37, item 1): tool definitions held for review. A hold opens to its
 * findings and a field-by-field diff of the pinned and the proposed definition, with approve
 * (pin it: ranked, listed, runnable) and reject (the old pin stays).
 */
export function ToolHoldsPage() {
  const [open, setOpen] = useState<string>();
  const holds = useQuery({ queryKey: ['admin', 'tool-holds'], queryFn: () => api.get('/tool_holds', { query: { status: 'pending', limit: 200 } }) });
  return (
    <AdminPage title="Tool holds" primary={holds}>
      <p className="hint">Changed definitions, new tools of known servers and definitions the scanner flagged wait here; none is ranked, listed or runnable until approved.</p>
      <QueryView query={holds} isEmpty={(d) => d.holds.length === 0} empty="Nothing is held.">
        {(d) => (
          <DataTable
            label="Held tool definitions"
            columns={[...holdColumns, { header: '', cell: (h) => <button type="button" className="secondary" onClick={() => setOpen(h.id)}>Review</button> }]}
            rows={d.holds}
            rowKey={(h) => h.id}
            rowData={(h) => ({ 'data-testid': 'hold-row', 'data-tool': `${h.server}/${h.tool}` })}
          />
        )}
      </QueryView>
      {open && <HoldReview id={open} onClose={() => setOpen(undefined)} />}
    </AdminPage>
  );
}

function HoldReview({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['admin', 'tool-hold', id], queryFn: () => api.get('/tool_holds/{hold_id}', { params: { hold_id: id } }) });
  const decide = useMutation({
    mutationFn: (verb: 'approve' | 'reject') =>
      verb === 'approve' ? api.post('/tool_holds/{hold_id}/approve', { params: { hold_id: id } }) : api.post('/tool_holds/{hold_id}/reject', { params: { hold_id: id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin', 'tool-holds'] });
      onClose();
    },
  });
  return (
    <section className="card" aria-label="Review of a held definition">
      <QueryView query={detail}>
        {(hold: HoldDetail) => (
          <>
            <h2>
              {hold.server}/{hold.tool} <span className="hint">({KIND[hold.kind]}, version {hold.version || '?'})</span>
            </h2>
            {hold.findings.length > 0 && (
              <ul className="findings">
                {hold.findings.map((f, i) => (
                  <li key={i}>
                    <strong>{f.rule}</strong> in <code>{f.field}</code>: <code>{f.excerpt}</code>
                  </li>
                ))}
              </ul>
            )}
            {hold.changes.map((change) => (
              <div key={change.field} className="diff" data-testid="hold-diff">
                <h3>{change.field}</h3>
                <pre className="diff-old">- {JSON.stringify(change.old, null, 2)}</pre>
                <pre className="diff-new">+ {JSON.stringify(change.new, null, 2)}</pre>
              </div>
            ))}
            <div className="inline-form">
              <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                Approve
              </button>
              <button type="button" className="secondary" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
                Reject
              </button>
              <button type="button" className="secondary" onClick={onClose}>
                Close
              </button>
            </div>
            {decide.isError && <ErrorNotice error={decide.error} />}
          </>
        )}
      </QueryView>
    </section>
  );
}
