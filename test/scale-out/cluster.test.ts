import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ATTRIBUTES } from '../../contracts/index.ts';
import { addServerEverything, until } from '../execution/helpers/setup.ts';
import { ensureTemporalCluster, TEMPORAL_CLUSTER_START_MS } from '../support/temporal-cluster.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

type Json = Record<string, any>;

// Our service on the real Temporal server (scripts/infra/temporal-cluster.sh: Postgres
// persistence and visibility, several history shards) instead of the dev server: a direct
// execution and a job run to the end, and the job is found by our search attributes, which
// the cluster's SQL visibility must store.
describe('the service on the Temporal cluster', { timeout: 60_000 }, () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;

  beforeAll(async () => {
    const cluster = await ensureTemporalCluster();
    t = await createTestApp({ env: { TEMPORAL_ADDRESS: cluster.address, TEMPORAL_NAMESPACE: cluster.namespace } });
    await addServerEverything(t);
    user = await t.createUser({ plan: 'pro' });
  }, TEMPORAL_CLUSTER_START_MS + 120_000);
  afterAll(async () => t?.close());

  it('is the real server on Postgres, not the dev server', async () => {
    const info = await t.temporal.client.connection.workflowService.getClusterInfo({});
    expect(info.serverVersion).toBe('1.32.2');
    expect(info.persistenceStore).toBe('postgres12');
    expect(info.visibilityStore).toBe('postgres12');
    expect(info.historyShardCount).toBe(4);
    expect(t.temporal.address).toBe('127.0.0.1:7333');
    // Every search attribute our workflows set, as temporal-cluster.sh reads them from contracts/core.ts.
    const { customAttributes } = await t.temporal.client.connection.operatorService.listSearchAttributes({ namespace: t.temporal.namespace });
    expect(Object.keys(customAttributes)).toEqual(expect.arrayContaining(Object.values(SEARCH_ATTRIBUTES)));
  });

  it('runs a direct execution', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/execute_tool', headers: user.headers, payload: { tool_name: 'everything/get-sum', params: { a: 2, b: 40 } } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { status: 'success', result: { content: [{ type: 'text', text: 'The sum of 2 and 40 is 42.' }] } } });
  });

  it('runs a job with progress to completion and finds its run by our search attributes', async () => {
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/jobs/submit',
      headers: user.headers,
      payload: { tool: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
    });
    expect(submitted.statusCode).toBe(200);
    const jobId = (submitted.json() as Json).job_id as string;
    const job = await until(async () => {
      const current = (await t.app.inject({ method: 'GET', url: `/jobs/${jobId}`, headers: user.headers })).json() as Json;
      return ['completed', 'failed', 'canceled', 'timeout'].includes(current.status) ? current : undefined;
    }, 30_000);
    expect(job).toMatchObject({ status: 'completed', result: { content: [{ type: 'text' }] } });

    // Visibility is eventually consistent, and the projection says completed a moment before
    // the workflow closes: poll until the run is listed as closed.
    const query = `${SEARCH_ATTRIBUTES.user} = '${user.user.id}' AND WorkflowId = '${jobId}' AND ExecutionStatus != 'Running'`;
    const listed = await until(async () => {
      const runs = [];
      for await (const run of t.temporal.client.workflow.list({ query })) runs.push(run);
      return runs.length > 0 ? runs : undefined;
    }, 20_000, 250);
    expect(listed.map((run) => run.status.name)).toEqual(['COMPLETED']);
  });
});
