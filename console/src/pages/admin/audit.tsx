import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, request } from '../../api/client.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { whenIso } from '../../ui/format.ts';
import { QueryView } from '../../ui/states.tsx';
import { AdminPage } from './admin-page.tsx';

type Entry = ResponseOf<'/admin/audit'>['entries'][number];

const columns: Column<Entry>[] = [
  { header: 'When', cell: (e) => whenIso(e.at) },
  { header: 'Who', cell: (e) => (e.actor.id ? `${e.actor.kind} ${e.actor.id}` : e.actor.kind) },
  { header: 'Action', rowHeader: true, cell: (e) => e.action },
  { header: 'Target', cell: (e) => e.target },
  { header: 'Details', cell: (e) => <code>{JSON.stringify(e.details)}</code> },
];

/** /admin/audit (issue 37, item 4): who did what, newest first, filtered by action; older pages by cursor. */
export function AuditPage() {
  const [action, setAction] = useState('');
  const [cursors, setCursors] = useState<number[]>([]);
  const cursor = cursors.at(-1);
  const log = useQuery({
    queryKey: ['admin', 'audit', action, cursor],
    queryFn: () => api.get('/admin/audit', { query: { limit: 50, ...(action ? { action } : {}), ...(cursor ? { cursor } : {}) } }),
  });
  return (
    <AdminPage title="Audit log" primary={log} actions={<ExportButton action={action} />}>
      <div className="inline-form">
        <label htmlFor="audit-action">Action</label>
        <input id="audit-action" value={action} placeholder="e.g. credential.set" onChange={(event) => (setAction(event.target.value), setCursors([]))} />
      </div>
      <QueryView query={log} isEmpty={(d) => d.entries.length === 0} empty="Nothing recorded.">
        {(d) => (
          <>
            <DataTable label="Audit log" columns={columns} rows={d.entries} rowKey={(e) => e.id} rowData={() => ({ 'data-testid': 'audit-row' })} />
            <div className="inline-form">
              <button type="button" className="secondary" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </button>
              <button type="button" className="secondary" disabled={d.next_cursor === null} onClick={() => d.next_cursor !== null && setCursors([...cursors, d.next_cursor])}>
                Older
              </button>
            </div>
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}

/**
 * The JSON lines export, saved as a file: fetched with the session's token (a plain link would
 * carry none). More than one line is not a JSON document, so `request` hands back the text.
 */
function ExportButton({ action }: { action: string }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const body = await request<unknown>('/admin/audit.jsonl', { query: action ? { action } : {} });
      const text = typeof body === 'string' ? body : body === undefined ? '' : `${JSON.stringify(body)}\n`;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
      link.download = 'audit.jsonl';
      link.click();
      URL.revokeObjectURL(link.href);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="secondary" disabled={busy} onClick={() => void save()}>
      Export (JSON lines)
    </button>
  );
}
