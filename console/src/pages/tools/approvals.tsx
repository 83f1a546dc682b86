import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { ResponseOf } from '../../api/contract.ts';
import { ApproveDeny } from '../../ui/approve-deny.tsx';
import { whenIso } from '../../ui/format.ts';
import { Page } from '../../ui/page.tsx';
import { ErrorNotice, QueryView } from '../../ui/states.tsx';

type Approval = ResponseOf<'/call_approvals'>['approvals'][number];

/**
 * /approvals (issue 37, item 3): the caller's calls waiting for their approval, each with the
 * tool, why it waits, its arguments in full (as text: they come from an agent, never markup)
 * and Approve / Deny. Approved, the run goes on; denied, the tool is never called.
 */
export function ApprovalsPage() {
  const approvals = useQuery({ queryKey: ['call-approvals'], queryFn: () => api.get('/call_approvals', { query: { status: 'pending', limit: 200 } }), refetchInterval: 5_000 });
  return (
    <Page title="Approvals">
      <p className="hint">Calls your policy or the tool&apos;s annotations hold for you. Nothing here has reached its server.</p>
      <QueryView query={approvals} isEmpty={(d) => d.approvals.length === 0} empty="No call waits for your approval.">
        {(d) => (
          <ul className="approval-queue">
            {d.approvals.map((a) => (
              <ApprovalCard key={a.id} approval={a} />
            ))}
          </ul>
        )}
      </QueryView>
    </Page>
  );
}

function ApprovalCard({ approval }: { approval: Approval }) {
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') =>
      decision === 'approve'
        ? api.post('/call_approvals/{approval_id}/approve', { params: { approval_id: approval.id } })
        : api.post('/call_approvals/{approval_id}/deny', { params: { approval_id: approval.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['call-approvals'] }),
  });
  return (
    <li className="card" data-testid="approval" data-tool={`${approval.server}/${approval.tool}`}>
      <h2>
        {approval.server}/{approval.tool}
      </h2>
      <p className="hint">
        {approval.reason}; {approval.run_kind} {approval.run_id}; asked {whenIso(approval.created_at)}, expires {whenIso(approval.expires_at)}
      </p>
      <pre data-testid="approval-arguments">{JSON.stringify(approval.arguments, null, 2)}</pre>
      <ApproveDeny onDecide={(d) => decide.mutate(d)} pending={decide.isPending} />
      {decide.isError && <ErrorNotice error={decide.error} />}
    </li>
  );
}
