import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { ShownOnce } from '../../ui/shown-once.tsx';
import { Empty, QueryView } from '../../ui/states.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { ActionError } from './action-error.tsx';
import { relative, when } from '../../ui/format.ts';
import type { Delivery, DeliveryAttempt, DeliveryPage } from './types.ts';
import { WebhookForm, useWebhooks, webhooksKey } from './webhooks.tsx';

const PAGE = 20;
/**
 * No stream tells the page about a delivery's attempts, so while one is pending or waiting to
 * retry the log asks again at this pace; once every shown delivery has settled it stops.
 */
const IN_FLIGHT_REFRESH_MS = 2000;
const STATUS_BADGE: Record<Delivery['status'], string> = { delivered: 'ok', retrying: 'warn', pending: 'warn', failed: 'bad' };

const attemptColumns: Column<DeliveryAttempt>[] = [
  { header: '#', cell: (attempt) => attempt.attempt },
  { header: 'When', cell: (attempt) => when(attempt.attempted_at) },
  {
    header: 'Status code',
    cell: (attempt) => (
      <span className={`badge ${attempt.status_code !== null && attempt.status_code < 300 ? 'ok' : 'bad'}`} data-testid="attempt-status">
        {attempt.status_code ?? 'no answer'}
      </span>
    ),
  },
  { header: 'Latency', cell: (attempt) => `${attempt.duration_ms} ms` },
  { header: 'Error', cell: (attempt) => attempt.error ?? '' },
];

/** One subscription: its settings, rotate secret, delete, and the delivery log with redelivery. */
export function WebhookPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string>();
  const client = useQueryClient();
  const rotate = useMutation({
    mutationFn: () => api.post('/webhooks/{webhook_id}/rotate-secret', { params: { webhook_id: id } }),
    onSuccess: (hook) => setSecret(hook.secret),
  });
  const [editing, setEditing] = useState(false);
  return (
    <Page title="Webhook">
      <p>
        <Link href="/webhooks">← All webhooks</Link>
      </p>
      <QueryView query={webhooks}>
        {(data) => {
          const hook = data.webhooks.find((w) => w.id === id);
          if (!hook) return <Empty>No webhook of yours has this id. It may have been deleted.</Empty>;
          return (
            <>
              {secret && (
                <ShownOnce title="New signing secret" value={secret} onDone={() => setSecret(undefined)}>
                  <p className="hint">Every delivery from now on, retries of earlier events included, is signed with this secret.</p>
                </ShownOnce>
              )}
              {editing ? (
                <section className="card">
                  <h2>Edit</h2>
                  <WebhookForm webhook={hook} submitLabel="Save changes" onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
                </section>
              ) : (
                <section className="card">
                  <dl className="facts">
                    <dt>Receiver</dt>
                    <dd>
                      <code data-testid="webhook-url">{hook.url}</code>
                    </dd>
                    <dt>Events</dt>
                    <dd>{hook.events.join(', ')}</dd>
                    {hook.description && (
                      <>
                        <dt>Description</dt>
                        <dd>{hook.description}</dd>
                      </>
                    )}
                    <dt>Status</dt>
                    <dd>
                      <span className="badge ok">{hook.status}</span>
                    </dd>
                    <dt>Created</dt>
                    <dd>{when(hook.created_at)}</dd>
                    <dt>Failed attempts</dt>
                    <dd>{hook.failed_attempts}</dd>
                  </dl>
                  <div className="button-row">
                    <button type="button" className="secondary" onClick={() => setEditing(true)}>
                      Edit
                    </button>
                    <button type="button" className="secondary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                      Rotate secret
                    </button>
                    <DeleteWebhook id={id} onDeleted={() => client.invalidateQueries({ queryKey: webhooksKey })} />
                  </div>
                  {rotate.isError && <ActionError error={rotate.error} />}
                </section>
              )}
              <DeliveryLog webhookId={id} />
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}

function DeleteWebhook({ id, onDeleted }: { id: string; onDeleted: () => Promise<unknown> }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete('/webhooks/{webhook_id}', { params: { webhook_id: id } }),
    onSuccess: async () => {
      await onDeleted();
      navigate('/webhooks');
    },
  });
  if (!confirming) {
    return (
      <button type="button" className="secondary danger" onClick={() => setConfirming(true)}>
        Delete…
      </button>
    );
  }
  return (
    <>
      <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
        Yes, delete this webhook
      </button>
      <button type="button" className="secondary" onClick={() => setConfirming(false)}>
        Keep it
      </button>
      {remove.isError && <ActionError error={remove.error} />}
    </>
  );
}

const inFlight = (page: DeliveryPage | undefined) => page?.deliveries.some((d) => d.status === 'pending' || d.status === 'retrying') ?? false;

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const [offset, setOffset] = useState(0);
  const client = useQueryClient();
  const key = ['deliveries', webhookId, offset];
  const log = useQuery({
    queryKey: key,
    queryFn: () => api.get('/webhooks/{webhook_id}/deliveries', { params: { webhook_id: webhookId }, query: { limit: PAGE, offset } }),
    refetchInterval: (query) => (inFlight(query.state.data) ? IN_FLIGHT_REFRESH_MS : false),
    staleTime: 0,
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => api.post('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', { params: { webhook_id: webhookId, delivery_id: deliveryId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['deliveries', webhookId] }),
  });
  return (
    <section aria-labelledby="log-title">
      <div className="page-head">
        <h2 id="log-title">Delivery log</h2>
        <button type="button" className="secondary" disabled={log.isFetching} onClick={() => void log.refetch()}>
          {log.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {redeliver.isError && <ActionError error={redeliver.error} />}
      <QueryView query={log} isEmpty={(page) => page.pagination.total === 0} empty="No deliveries yet: events you subscribed to appear here as they are sent.">
        {(page) => (
          <>
            {page.deliveries.map((delivery) => (
              <DeliveryCard
                key={delivery.id}
                delivery={delivery}
                onRedeliver={() => redeliver.mutate(delivery.id)}
                busy={redeliver.isPending && redeliver.variables === delivery.id}
              />
            ))}
            {page.pagination.total > PAGE && (
              <nav className="pager" aria-label="Delivery pages">
                <button type="button" className="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  Newer
                </button>
                <span>
                  {offset + 1}–{Math.min(offset + PAGE, page.pagination.total)} of {page.pagination.total}
                </span>
                <button type="button" className="secondary" disabled={offset + PAGE >= page.pagination.total} onClick={() => setOffset(offset + PAGE)}>
                  Older
                </button>
              </nav>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function DeliveryCard({ delivery, onRedeliver, busy }: { delivery: Delivery; onRedeliver: () => void; busy: boolean }) {
  const settled = delivery.status === 'delivered' || delivery.status === 'failed';
  return (
    <article className="card delivery" data-testid="delivery" data-event-id={delivery.event_id} aria-label={`${delivery.event} ${delivery.status}`}>
      <div className="page-head">
        <div>
          <strong>{delivery.event}</strong> <span className={`badge ${STATUS_BADGE[delivery.status]}`} data-testid="delivery-status">{delivery.status}</span>
          <div className="hint">
            event <code data-testid="event-id">{delivery.event_id}</code> · {when(delivery.created_at)}
            {delivery.next_attempt_at !== null && (
              <>
                {' '}
                · next attempt {when(delivery.next_attempt_at)} ({relative(delivery.next_attempt_at)})
              </>
            )}
          </div>
        </div>
        <button type="button" className="secondary" disabled={!settled || busy} onClick={onRedeliver} title={settled ? undefined : 'Available once this delivery has settled'}>
          Redeliver
        </button>
      </div>
      <DataTable
        className="attempts"
        caption={`Attempts of event ${delivery.event_id}`}
        columns={attemptColumns}
        rows={delivery.attempts}
        rowKey={(attempt) => attempt.attempt}
        rowData={() => ({ 'data-testid': 'attempt' })}
        empty="No attempt yet."
      />
    </article>
  );
}
