import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryApp } from './helpers.ts';
import { discoveryApp } from './helpers.ts';

describe('GET/POST /settings/embedding', () => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  beforeAll(async () => {
    t = await discoveryApp('embedded');
    user = await t.createUser({ plan: 'pro' });
    const res = await t.app.inject({ method: 'POST', url: '/v2/index_tools', headers: user.headers, payload: { tools: [{ name: 'a', server: 's', description: 'first' }, { name: 'b', server: 's', description: 'second' }] } });
    expect(res.json().indexed).toBe(2);
  });
  afterAll(async () => t?.close());

  const read = async () => (await t.app.inject({ method: 'GET', url: '/settings/embedding', headers: user.headers })).json();
  const write = (payload: unknown, headers: Record<string, string> = user.headers) => t.app.inject({ method: 'POST', url: '/settings/embedding', headers, payload: payload as object });

  it('starts from the local model', async () => {
    const indexModel = t.search.embedderId;
    expect(indexModel).toMatch(/^local:all-minilm-l6-v2/);
    expect(await read()).toMatchObject({ provider: 'local', vendor_model: indexModel.slice('local:'.length), status: 'ready', index_model: indexModel });
  });

  it('stores a model change without re-embedding, and re-embeds through a workflow when the provider changes', async () => {
    const same = await write({ provider: 'local', vendor_model: 'all-minilm-l6-v2-q8' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ provider: 'local', vendor_model: 'all-minilm-l6-v2-q8', reembedding: false });
    const changed = await write({ provider: 'openai', vendor_model: 'text-embedding-3-small' });
    expect(changed.json()).toMatchObject({ provider: 'openai', status: 'reembedding', reembedding: true, workflow_id: `reembed-${user.user.id}` });
    await t.temporal.client.workflow.getHandle(changed.json().workflow_id).result();
    expect(await read()).toMatchObject({ provider: 'openai', vendor_model: 'text-embedding-3-small', status: 'ready', reembedded_tools: 2, reembedded_at: expect.any(String) });
  });

  it('validates the body and needs a user', async () => {
    expect((await write({ provider: 'openai' })).statusCode).toBe(400);
    expect((await write({ provider: 'not a provider!', vendor_model: 'x' })).statusCode).toBe(400);
    expect((await write({ provider: 'local', vendor_model: 'x' }, {})).statusCode).toBe(401);
    expect((await write({ provider: 'local', vendor_model: 'x' }, t.adminHeaders)).statusCode).toBe(403);
  });
});
