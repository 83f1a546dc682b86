import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { api, request } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { ShownOnce } from '../../ui/shown-once.tsx';
import { QueryView } from '../../ui/states.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { ActionError } from './action-error.tsx';
import { when } from '../../ui/format.ts';
import type { BodyOf } from '../../api/contract.ts';
import type { Webhook } from './types.ts';

const webhookColumns: Column<Webhook>[] = [
  {
    header: 'Receiver',
    cell: (hook) => (
      <>
        <Link href={`/webhooks/${hook.id}`}>{hook.url}</Link>
        {hook.description && <div className="hint">{hook.description}</div>}
      </>
    ),
  },
  { header: 'Events', cell: (hook) => hook.events.join(', ') },
  { header: 'Last delivery', cell: (hook) => when(hook.last_used) },
  { header: 'Failed attempts', cell: (hook) => <span className={`badge ${hook.failed_attempts ? 'warn' : ''}`}>{hook.failed_attempts}</span> },
];

/**
 * The event kinds the service accepts, read from its own OpenAPI document (the enum of POST
 * /webhooks's `events`), so the console never keeps a second list that could drift.
 */
const useEventKinds = () =>
  useQuery({
    queryKey: ['webhook-event-kinds'],
    staleTime: Infinity,
    queryFn: async () => {
      const doc = await request<OpenApiDocument>('/openapi.json');
      const kinds = doc.paths?.['/webhooks']?.post?.requestBody?.content?.['application/json']?.schema?.properties?.events?.items?.enum;
      if (!Array.isArray(kinds) || kinds.length === 0) throw new Error('The service did not describe its webhook event kinds');
      // The same document contracts/openapi.d.ts is generated from, so each kind is one of its type.
      return kinds.map(String) as WebhookEvent[];
    },
  });

type WebhookEvent = BodyOf<'/webhooks', 'post'>['events'][number];

interface OpenApiDocument {
  paths?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { items?: { enum?: unknown[] } }> } }> } } }>;
}

export const webhooksKey = ['webhooks'] as const;
export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: () => api.get('/webhooks') });

/** The person's subscriptions and a form for a new one, whose signing secret is shown once. */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<Webhook>();
  return (
    <Page title="Webhooks">
      {created?.secret && (
        <ShownOnce title="Signing secret of the new webhook" value={created.secret} onDone={() => setCreated(undefined)}>
          <p className="hint">
            Receivers check <code>X-Service-Signature: sha256=&lt;hex HMAC-SHA256 of the body with this secret&gt;</code>.{' '}
            <Link href={`/webhooks/${created.id}`}>Open its delivery log</Link>
          </p>
        </ShownOnce>
      )}
      <QueryView query={webhooks} isEmpty={(data) => data.webhooks.length === 0} empty="No webhooks yet: add one below to be told when your jobs and tools finish.">
        {(data) => (
          <DataTable className="stack-on-phone" caption="Your webhooks" columns={webhookColumns} rows={data.webhooks} rowKey={(hook) => hook.id} />
        )}
      </QueryView>
      <section className="card" aria-labelledby="new-webhook-title">
        <h2 id="new-webhook-title">New webhook</h2>
        <WebhookForm submitLabel="Create webhook" onSaved={(hook) => setCreated(hook)} />
      </section>
    </Page>
  );
}

/** Create (no `webhook`) or edit one subscription: receiver URL, events, description. */
export function WebhookForm({ webhook, submitLabel, onSaved, onCancel }: { webhook?: Webhook; submitLabel: string; onSaved: (hook: Webhook) => void; onCancel?: () => void }) {
  const client = useQueryClient();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(
    // The list declares events as strings; the service stores only kinds its POST accepted.
    (webhook?.events as WebhookEvent[] | undefined) ?? ['job.completed', 'job.failed']);
  const kinds = useEventKinds();
  const [description, setDescription] = useState(webhook?.description ?? '');
  const save = useMutation({
    mutationFn: () =>
      webhook
        ? api.patch('/webhooks/{webhook_id}', { params: { webhook_id: webhook.id }, body: { url: url.trim(), events, description } })
        : api.post('/webhooks', { body: { url: url.trim(), events, ...(description ? { description } : {}) } }),
    onSuccess: async (hook) => {
      await client.invalidateQueries({ queryKey: webhooksKey });
      if (!webhook) {
        setUrl('');
        setDescription('');
      }
      onSaved(hook);
    },
  });
  const toggle = (kind: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, kind] : current.filter((k) => k !== kind)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const idPrefix = webhook ? `edit-${webhook.id}` : 'new';
  const field = save.error instanceof Error && 'field' in save.error ? (save.error as { field?: string }).field : undefined;
  return (
    <form className="stack-form" onSubmit={submit}>
      <label htmlFor={`${idPrefix}-url`}>Receiver URL</label>
      <input
        id={`${idPrefix}-url`}
        type="url"
        value={url}
        required
        placeholder="https://example.com/hooks/switchboard"
        aria-invalid={field === 'url'}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset>
        <legend>Events</legend>
        <div className="checkbox-grid">
          {kinds.isError && <p className="field-error">{kinds.error.message}</p>}
          {(kinds.data ?? []).map((kind) => (
            <label key={kind} className="event-check">
              <input type="checkbox" checked={events.includes(kind)} onChange={(event) => toggle(kind, event.target.checked)} /> <code>{kind}</code>
            </label>
          ))}
        </div>
        {events.length === 0 && <p className="field-error">Choose at least one event.</p>}
      </fieldset>
      <label htmlFor={`${idPrefix}-description`}>Description (optional)</label>
      <input id={`${idPrefix}-description`} value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} />
      <div className="button-row">
        <button type="submit" disabled={save.isPending || events.length === 0}>
          {save.isPending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {save.isError && <ActionError error={save.error} />}
    </form>
  );
}
