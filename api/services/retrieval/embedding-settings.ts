import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/client';
import { REEMBED_WORKFLOW, reembedWorkflowId, workflowArgs } from '../../../contracts/index.ts';
import type { ReembedInput } from '../../../contracts/index.ts';
import type { Database } from '../../../db/client.ts';
import { findEmbeddingSettings, saveEmbeddingSettings } from '../../../db/retrieval/embedding-settings.ts';
import { embeddingUsageOf } from '../../../db/retrieval/user-spaces.ts';
import type { EmbeddingSettingsRow } from '../../../db/schema/index.ts';
import type { EmbeddingApi } from '../../../search/user-spaces/openai-embeddings.ts';
import { AppError } from '../../errors.ts';

type Shown = Pick<EmbeddingSettingsRow, 'provider' | 'vendorModel' | 'status' | 'workflowId' | 'reembeddedTools' | 'reembeddedAt' | 'lastError' | 'activeProvider' | 'activeModel' | 'progressDone' | 'progressTotal' | 'attempt'>;

/**
 * GET/POST /settings/embedding (docs/decisions.md, "A vector space per user's provider").
 * `local` is the index's own model (the default space: nothing to embed, it applies at once);
 * `openai` is the configured OpenAI-compatible endpoint, and choosing it starts the re-embed
 * workflow; the user's retrieval moves to that space when the workflow completes.
 */
export function createEmbeddingSettings(deps: { db: Database; temporal: { client: Client; taskQueue: string }; indexModel: () => string; api?: EmbeddingApi }) {
  const { db } = deps;
  const localModel = () => deps.indexModel().replace(/^local:/, '');
  /** The values a user may choose, per provider: `openai` only when an endpoint is configured. */
  const allowed = (): Record<string, string[]> => ({ local: [localModel()], ...(deps.api ? { openai: deps.api.models } : {}) });

  // What a user has before choosing: the default space.
  const fallback = (): Shown => ({
    provider: 'local',
    vendorModel: localModel(),
    status: 'ready',
    workflowId: null,
    reembeddedTools: 0,
    reembeddedAt: null,
    lastError: null,
    activeProvider: null,
    activeModel: null,
    progressDone: 0,
    progressTotal: 0,
    attempt: 0,
  });

  async function present(userId: string, row: Shown) {
    // `local` means the index's own model, whichever it is now: a row saved under an earlier
    // default model names that one.
    const vendorModel = row.provider === 'local' ? localModel() : row.vendorModel;
    const space = `${row.provider}:${vendorModel}`;
    const active = row.activeProvider && row.activeModel ? { provider: row.activeProvider, vendor_model: row.activeModel } : { provider: 'local', vendor_model: localModel() };
    return {
      provider: row.provider,
      vendor_model: vendorModel,
      status: row.status,
      workflow_id: row.workflowId,
      reembedded_tools: row.reembeddedTools,
      reembedded_at: row.reembeddedAt?.toISOString() ?? null,
      last_error: row.lastError,
      index_model: deps.indexModel(),
      /** The space retrieval uses now: the previous one until a re-embed completes. */
      active_space: { ...active, space: `${active.provider}:${active.vendor_model}` },
      progress: { done: row.progressDone, total: row.progressTotal },
      attempt: row.attempt,
      usage: row.provider === 'local' ? { documents: { texts: 0, tokens: 0 }, queries: { texts: 0, tokens: 0 } } : await embeddingUsageOf(db, userId, space),
      allowed: allowed(),
    };
  }

  function check(body: { provider: string; vendor_model: string }): void {
    const choices = allowed();
    const models = choices[body.provider];
    if (!models) {
      const configured = body.provider === 'openai' ? ' (this deployment has no embeddings endpoint: EMBEDDING_API_URL)' : '';
      throw new AppError('INVALID_REQUEST', `provider must be one of: ${Object.keys(choices).join(', ')}${configured}`, { parameter: 'provider', reason: 'not_allowed', allowed: Object.keys(choices) });
    }
    if (!models.includes(body.vendor_model)) {
      throw new AppError('INVALID_REQUEST', `vendor_model for ${body.provider} must be one of: ${models.join(', ')}`, { parameter: 'vendor_model', reason: 'not_allowed', allowed: models });
    }
  }

  /** Stops a re-embed still running for an older choice; gone already is fine. */
  async function stopReembed(userId: string): Promise<void> {
    try {
      await deps.temporal.client.workflow.getHandle(reembedWorkflowId(userId)).terminate('the user chose another embedding provider');
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }

  return {
    async get(userId: string) {
      return present(userId, (await findEmbeddingSettings(db, userId)) ?? fallback());
    },

    async set(userId: string, body: { provider: string; vendor_model: string }) {
      check(body);
      const before = (await findEmbeddingSettings(db, userId)) ?? fallback();
      const choice = { provider: body.provider, vendorModel: body.vendor_model };
      if (body.provider === 'local') {
        // The default space holds every tool's vector already: back to it at once.
        const running = before.status === 'reembedding';
        const row = await saveEmbeddingSettings(db, userId, { ...choice, status: 'ready', activeProvider: null, activeModel: null, lastError: null, progressDone: 0, progressTotal: 0, attempt: 0 });
        if (running) await stopReembed(userId);
        return { ...(await present(userId, row)), reembedding: false };
      }
      const same = before.provider === body.provider && before.vendorModel === body.vendor_model;
      const active = before.activeProvider === body.provider && before.activeModel === body.vendor_model;
      if (same && active && before.status === 'ready') {
        // Already in use: nothing to start. (Asked again while on its way, it restarts: a stuck
        // or failed run is retried that way, and nothing already embedded is embedded again.)
        return { ...(await present(userId, before)), reembedding: false };
      }
      const workflowId = reembedWorkflowId(userId);
      const row = await saveEmbeddingSettings(db, userId, { ...choice, status: 'reembedding', workflowId, lastError: null, progressDone: 0, progressTotal: 0, attempt: 0 });
      const input: ReembedInput = { userId, provider: body.provider, vendorModel: body.vendor_model };
      // A newer choice supersedes a re-embed still running for an older one.
      await deps.temporal.client.workflow.start(REEMBED_WORKFLOW, {
        taskQueue: deps.temporal.taskQueue,
        workflowId,
        args: workflowArgs(REEMBED_WORKFLOW, input),
        workflowIdConflictPolicy: 'TERMINATE_EXISTING',
      });
      return { ...(await present(userId, row)), reembedding: true };
    },
  };
}
