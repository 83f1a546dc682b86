import { randomBytes } from 'node:crypto';
import { targetUrlProblem } from '../../../domain/target-policy.ts';
import { deleteWebhook, insertWebhookWithin, listWebhooks, updateWebhook } from '../../../db/webhooks/webhooks.ts';
import type { User, WebhookRow } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../context.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { unixSeconds } from '../../schemas.ts';
import { assertWithinPlan, PLAN_ALLOWANCES } from '../registry/plan-allowances.ts';

/** The event kinds a subscription may ask for (spec, Events → Subscription). */
export const EVENT_KINDS = [
  'job.queued',
  'job.started',
  'job.completed',
  'job.failed',
  'job.canceled',
  'tool.executed',
  'tool.execution.completed',
  'tool.execution.failed',
  'agent.run.completed',
  'agent.run.failed',
  'pack.enabled',
  'server.installed',
  'approval.requested',
] as const;

/** The subscription as the API shows it; the secret only when it was just created. */
export function webhookView(row: WebhookRow, withSecret = false) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    status: row.status,
    created_at: unixSeconds(row.createdAt),
    last_used: row.lastUsed ? unixSeconds(row.lastUsed) : null,
    failed_attempts: row.failedAttempts,
    ...(withSecret ? { secret: row.secret } : {}),
  };
}

async function checkUrl(deps: AppDeps, url: string): Promise<void> {
  const problem = await targetUrlProblem(url, { allowPrivate: deps.config.allowPrivateWebhookTargets, resolve: deps.dnsLookup });
  if (problem) throw invalidRequest(problem, 'url', 'invalid');
}

/** 32 random bytes, hex: the receiver's HMAC key, shown once. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/**
 * A new subscription, within the plan's number of them (issue 33, item 7): every matching event
 * is one delivery per subscription, so an unbounded count was unbounded work per event.
 */
export async function createWebhook(deps: AppDeps, user: User, body: { url: string; events: string[]; description?: string }) {
  await checkUrl(deps, body.url);
  const limit = PLAN_ALLOWANCES[user.plan].maxWebhooks;
  const { row, current } = await insertWebhookWithin(
    deps.db,
    { userId: user.id, url: body.url, events: [...new Set(body.events)], description: body.description ?? '', secret: newSecret() },
    limit,
  );
  if (!row) assertWithinPlan(user.plan, 'maxWebhooks', current, current + 1);
  return webhookView(row as WebhookRow, true);
}

/**
 * A new signing secret, shown in this answer only. Every attempt reads the secret when it
 * signs, so from now on every delivery is signed with it, retries of those already in flight
 * included; the old one signs nothing more.
 */
export async function rotateWebhookSecret(deps: AppDeps, userId: string, id: string) {
  const row = await updateWebhook(deps.db, userId, id, { secret: newSecret() });
  if (!row) throw notFound('NOT_FOUND', `Webhook ${id} not found`);
  return { ...webhookView(row), secret: row.secret };
}

export async function listUserWebhooks(deps: AppDeps, userId: string) {
  return { webhooks: (await listWebhooks(deps.db, userId)).map((row) => webhookView(row)) };
}

export async function patchWebhook(deps: AppDeps, userId: string, id: string, body: { url?: string; events?: string[]; description?: string }) {
  if (body.url !== undefined) await checkUrl(deps, body.url);
  const changes = { ...body, ...(body.events ? { events: [...new Set(body.events)] } : {}) };
  const row = await updateWebhook(deps.db, userId, id, changes);
  if (!row) throw notFound('NOT_FOUND', `Webhook ${id} not found`);
  return webhookView(row);
}

export async function removeWebhook(deps: AppDeps, userId: string, id: string) {
  if (!(await deleteWebhook(deps.db, userId, id))) throw notFound('NOT_FOUND', `Webhook ${id} not found`);
}
