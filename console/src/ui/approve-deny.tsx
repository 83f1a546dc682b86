/** The two answers a person gives to a request that would act as them (device login, OAuth consent). */
export function ApproveDeny({ onDecide, pending }: { onDecide: (decision: 'approve' | 'deny') => void; pending: boolean }) {
  return (
    <div className="button-row">
      <button type="button" onClick={() => onDecide('approve')} disabled={pending}>
        Approve
      </button>
      <button type="button" className="secondary danger" onClick={() => onDecide('deny')} disabled={pending}>
        Deny
      </button>
    </div>
  );
}
