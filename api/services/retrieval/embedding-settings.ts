import type { Client } from '@temporalio/client';
import { REEMBED_WORKFLOW, reembedWorkflowId, workflowArgs } from '../../../contracts/index.ts';
import type { ReembedInput } from '../../../contracts/index.ts';
import type { Database } from '../../../db/client.ts';
import { findEmbeddingSettings, saveEmbeddingSettings } from '../../../db/retrieval/embedding-settings.ts';
import type { EmbeddingSettingsRow } from '../../../db/schema/index.ts';


function present(row: Pick<EmbeddingSettingsRow, 'provider' | 'vendorModel' | 'status' | 'workflowId' | 'reembeddedTools' | 'reembeddedAt' | 'lastError'>, indexModel: string) {
  return {
    provider: row.provider,
    vendor_model: row.vendorModel,
    status: row.status,
    workflow_id: row.workflowId,
    reembedded_tools: row.reembeddedTools,
    reembedded_at: row.reembeddedAt?.toISOString() ?? null,
    last_error: row.lastError,
    index_model: indexModel,
  };
}

/** GET/POST /settings/embedding; a provider change starts the re-embed workflow. */
export function createEmbeddingSettings(deps: { db: Database; temporal: { client: Client; taskQueue: string }; indexModel: () => string }) {
  const { db } = deps;
  // What a user has before choosing: the in-process model every index vector comes from.
  const fallback = () => ({
    provider: 'local',
    vendorModel: deps.indexModel().replace(/^local:/, ''),
    status: 'ready' as const,
    workflowId: null,
    reembeddedTools: 0,
    reembeddedAt: null,
    lastError: null,
  });
  return {
    async get(userId: string) {
      return present((await findEmbeddingSettings(db, userId)) ?? fallback(), deps.indexModel());
    },

    async set(userId: string, body: { provider: string; vendor_model: string }) {
      const before = (await findEmbeddingSettings(db, userId)) ?? fallback();
      const changed = before.provider !== body.provider;
      if (!changed) {
        const row = await saveEmbeddingSettings(db, userId, { provider: body.provider, vendorModel: body.vendor_model });
        return { ...present(row, deps.indexModel()), reembedding: false };
      }
      const workflowId = reembedWorkflowId(userId);
      const row = await saveEmbeddingSettings(db, userId, { provider: body.provider, vendorModel: body.vendor_model, status: 'reembedding', workflowId, lastError: null });
      const input: ReembedInput = { userId, provider: body.provider, vendorModel: body.vendor_model };
      // A newer choice supersedes a re-embed still running for an older one.
      await deps.temporal.client.workflow.start(REEMBED_WORKFLOW, {
        taskQueue: deps.temporal.taskQueue,
        workflowId,
        args: workflowArgs(REEMBED_WORKFLOW, input),
        workflowIdConflictPolicy: 'TERMINATE_EXISTING',
      });
      return { ...present(row, deps.indexModel()), reembedding: true };
    },
  };
}
