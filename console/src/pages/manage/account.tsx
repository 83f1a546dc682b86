import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { Page } from '../../ui/page.tsx';
import { ShownOnce } from '../../ui/shown-once.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { QueryView } from '../../ui/states.tsx';
import { ActionError } from './action-error.tsx';
import { ApiKeys } from './api-keys.tsx';
import { ConnectedClients } from './connected-clients.tsx';
import { limitText, when } from '../../ui/format.ts';
import { limitsKey } from './packs.tsx';
import type { EmbeddingSettings, Plan, UserLimits } from './types.ts';
import type { ResponseOf } from '../../api/contract.ts';

/** Plan, limits and usage, the upgrade, API keys and embedding settings of the signed-in person. */
export function AccountPage() {
  const session = useSession();
  const limits = useQuery({ queryKey: limitsKey, queryFn: () => api.get('/billing/user-limits') });
  return (
    <Page title="Account">
      <p className="hint">
        Signed in as <strong>{session?.user.email}</strong>
      </p>
      <section className="card" aria-labelledby="plan-title">
        <h2 id="plan-title">Plan and usage</h2>
        <QueryView query={limits}>{(l) => <PlanUsage limits={l} />}</QueryView>
      </section>
      <RateLimits />
      <QueryView query={limits}>{(l) => <Upgrade current={l.plan} />}</QueryView>
      <ApiKeys />
      <ConnectedClients />
      <Embedding />
    </Page>
  );
}

function PlanUsage({ limits }: { limits: UserLimits }) {
  const meter = (used: number, max: number | null) => (max === null ? undefined : Math.min(100, Math.round((used / Math.max(max, 1)) * 100)));
  const packs = meter(limits.usage.packs, limits.max_packs);
  return (
    <dl className="facts">
      <dt>Plan</dt>
      <dd>
        <span className="badge ok" data-testid="current-plan">
          {limits.plan}
        </span>
      </dd>
      <dt>Packs</dt>
      <dd>
        {limits.usage.packs} of {limitText(limits.max_packs)}
        {packs !== undefined && (
          <div className="bar" role="meter" aria-label="Packs used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={packs}>
            <span style={{ width: `${packs}%` }} />
          </div>
        )}
      </dd>
      <dt>Servers per pack</dt>
      <dd>up to {limitText(limits.max_servers_per_pack)}</dd>
      <dt>Custom servers</dt>
      <dd>{limits.custom_servers ? `${limits.usage.custom_servers} (included in your plan)` : 'not included in your plan'}</dd>
      <dt>Live job streams</dt>
      <dd>up to {limits.max_open_streams} open at once</dd>
    </dl>
  );
}

/** Where the person stands against the plan's request limits (GET /account/rate-limits; counting nothing itself). */
type RateStanding = ResponseOf<'/account/rate-limits'>['scopes'][number];
const rateColumns: Column<RateStanding>[] = [
  { header: 'Requests', cell: (row) => row.scope.replace('_', ' ') },
  { header: 'Window', cell: (row) => `per ${row.window}` },
  { header: 'Used', cell: (row) => `${row.used} of ${row.limit}` },
  { header: 'Left', cell: (row) => <span className={`badge ${row.remaining === 0 ? 'bad' : row.remaining < row.limit / 5 ? 'warn' : 'ok'}`}>{row.remaining}</span> },
  { header: 'Resets', cell: (row) => when(row.reset_at) },
];

function RateLimits() {
  const standing = useQuery({ queryKey: ['rate-limits'], queryFn: () => api.get('/account/rate-limits'), staleTime: 0 });
  return (
    <section className="card" aria-labelledby="rate-title">
      <div className="page-head">
        <h2 id="rate-title">Request limits</h2>
        <button type="button" className="secondary" disabled={standing.isFetching} onClick={() => void standing.refetch()}>
          Refresh
        </button>
      </div>
      <QueryView query={standing} isEmpty={(s) => s.scopes.length === 0} empty="Your plan has no request limits.">
        {(s) => (
          <DataTable className="stack-on-phone" caption="Your request limits" columns={rateColumns} rows={s.scopes} rowKey={(row) => `${row.scope}-${row.window}`} />
        )}
      </QueryView>
    </section>
  );
}

type Order = ResponseOf<'/billing/create-order', 'post'>;

const RANK: Record<Plan['id'], number> = { free: 0, pro: 1, enterprise: 2 };

/**
 * The upgrade: POST /billing/create-order, the payment with the provider, then
 * POST /billing/verify-payment with what the provider's checkout hands back (payment id and
 * signature). The console loads no provider script (no third-party code at run time), so the
 * person pays through the provider's checkout and brings those two values here.
 */
function Upgrade({ current }: { current: Plan['id'] }) {
  const plans = useQuery({ queryKey: ['plans'], queryFn: () => api.get('/billing/plans'), staleTime: 300_000 });
  const client = useQueryClient();
  const [order, setOrder] = useState<Order>();
  const [paymentId, setPaymentId] = useState('');
  const [signature, setSignature] = useState('');
  const ref = useRef<HTMLElement>(null);
  // Arriving from a "plan limit reached" link (#upgrade): bring the section into view.
  useEffect(() => {
    if (window.location.hash === '#upgrade') ref.current?.scrollIntoView();
  }, []);
  const create = useMutation({
    mutationFn: (planId: Plan['id']) => api.post('/billing/create-order', { body: { plan_id: planId } }),
    onSuccess: (created) => setOrder(created),
  });
  const verify = useMutation({
    mutationFn: () => {
      // The form that verifies is shown only once an order exists.
      if (!order) throw new Error('There is no order to verify yet.');
      return api.post('/billing/verify-payment', {
        body: { plan_id: order.plan_id, provider_order_id: order.order_id, provider_payment_id: paymentId.trim(), provider_signature: signature.trim() },
      });
    },
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: limitsKey }), client.invalidateQueries({ queryKey: ['rate-limits'] })]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };
  return (
    <section className="card" id="upgrade" aria-labelledby="upgrade-title" ref={ref}>
      <h2 id="upgrade-title">Upgrade</h2>
      <QueryView query={plans}>
        {(data) => {
          const higher = data.plans.filter((p) => RANK[p.id] > RANK[current]);
          if (higher.length === 0) return <p>You are on the highest plan.</p>;
          return (
            <div className="plan-grid">
              {higher.map((plan) => (
                <div key={plan.id} className="plan-option">
                  <h3>{plan.name}</h3>
                  <p>
                    <strong>
                      {plan.price} {plan.currency}
                    </strong>{' '}
                    a {plan.interval}
                  </p>
                  <ul className="plain-list">
                    <li>{limitText(plan.limits.max_packs)} packs</li>
                    <li>{limitText(plan.limits.max_servers_per_pack)} servers per pack</li>
                    <li>{plan.limits.custom_servers ? 'custom servers' : 'no custom servers'}</li>
                    <li>{plan.limits.max_open_streams} live job streams</li>
                  </ul>
                  <button type="button" disabled={create.isPending} onClick={() => create.mutate(plan.id)}>
                    Upgrade to {plan.name}
                  </button>
                </div>
              ))}
            </div>
          );
        }}
      </QueryView>
      {create.isError && <ActionError error={create.error} />}
      {order && !verify.isSuccess && (
        <form className="stack-form payment-step" onSubmit={submit} aria-label="Payment">
          <p className="notice" role="status">
            Order <code data-testid="order-id">{order.order_id}</code>: {(order.amount / 100).toFixed(2)} {order.currency} for the {order.plan_id} plan. Pay it with the payment
            provider's checkout (key <code>{order.key_id}</code>), then enter the payment id and signature it gives you.
          </p>
          <label htmlFor="payment-id">Payment id</label>
          <input id="payment-id" value={paymentId} required autoComplete="off" onChange={(event) => setPaymentId(event.target.value)} />
          <label htmlFor="payment-signature">Payment signature</label>
          <input id="payment-signature" value={signature} required autoComplete="off" onChange={(event) => setSignature(event.target.value)} />
          <div className="button-row">
            <button type="submit" disabled={verify.isPending}>
              Confirm payment
            </button>
            <button type="button" className="secondary" onClick={() => setOrder(undefined)}>
              Cancel
            </button>
          </div>
          {verify.isError && <ActionError error={verify.error} />}
        </form>
      )}
      {verify.data && (
        <p className="notice" role="status" data-testid="upgrade-result">
          {verify.data.status === 'verified'
            ? `Payment verified: you are on the ${verify.data.plan} plan.`
            : 'Payment authorized: the provider has not captured it yet. Your plan changes as soon as it does.'}
        </p>
      )}
    </section>
  );
}

/** GET/POST /settings/embedding: which embedding provider and model rank this person's searches. */
function Embedding() {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['embedding'], queryFn: () => api.get('/settings/embedding') });
  return (
    <section className="card" aria-labelledby="embedding-title">
      <h2 id="embedding-title">Embedding settings</h2>
      <QueryView query={settings}>{(data) => <EmbeddingForm settings={data} onSaved={() => client.invalidateQueries({ queryKey: ['embedding'] })} />}</QueryView>
    </section>
  );
}

function EmbeddingForm({ settings, onSaved }: { settings: EmbeddingSettings; onSaved: () => Promise<unknown> }) {
  const [provider, setProvider] = useState(settings.provider);
  const [model, setModel] = useState(settings.vendor_model);
  const save = useMutation({ mutationFn: () => api.post('/settings/embedding', { body: { provider: provider.trim(), vendor_model: model.trim() } }), onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const field = save.error && typeof save.error === 'object' && 'field' in save.error ? (save.error as { field?: string }).field : undefined;
  return (
    <form className="stack-form" onSubmit={submit}>
      <p className="hint">
        State: <span className={`badge ${settings.status === 'ready' ? 'ok' : settings.status === 'failed' ? 'bad' : 'warn'}`}>{settings.status}</span> · index model{' '}
        <code>{settings.index_model}</code>
        {settings.reembedded_at && ` · ${settings.reembedded_tools} tools re-embedded ${new Date(settings.reembedded_at).toLocaleString()}`}
      </p>
      <p className="hint" data-testid="embedding-space">
        Searches use <code>{settings.active_space.space}</code>
        {settings.status === 'reembedding' && ` · embedding your tools: ${settings.progress.done} of ${settings.progress.total} texts`}
        {settings.provider !== 'local' && ` · embedded ${settings.usage.documents.texts} texts and ${settings.usage.queries.texts} queries (${settings.usage.documents.tokens + settings.usage.queries.tokens} tokens)`}
      </p>
      <p className="hint">
        Offered: {Object.entries(settings.allowed).map(([name, models]) => `${name} (${models.join(', ')})`).join('; ')}
      </p>
      {settings.last_error && <p className="field-error">Last error: {settings.last_error}</p>}
      <label htmlFor="embedding-provider">Provider</label>
      <input id="embedding-provider" value={provider} required maxLength={64} aria-invalid={field === 'provider'} onChange={(event) => setProvider(event.target.value)} />
      {field === 'provider' && <p className="field-error">{(save.error as Error).message}</p>}
      <label htmlFor="embedding-model">Model</label>
      <input id="embedding-model" value={model} required maxLength={200} aria-invalid={field === 'vendor_model'} onChange={(event) => setModel(event.target.value)} />
      {field === 'vendor_model' && <p className="field-error">{(save.error as Error).message}</p>}
      <div className="button-row">
        <button type="submit" disabled={save.isPending}>
          Save embedding settings
        </button>
      </div>
      {save.isError && !field && <ActionError error={save.error} />}
      {save.isSuccess && <p className="notice" role="status">Saved. Another provider embeds your own tools in the background; searches switch to it when that completes.</p>}
    </form>
  );
}
