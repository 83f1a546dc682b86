import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveEmbeddingSettings } from '../../db/retrieval/embedding-settings.ts';
import type { DiscoveryApp } from './helpers.ts';
import { discoveryApp } from './helpers.ts';

// A deployment without an embeddings endpoint (no EMBEDDING_API_URL): only the default space.
// The provider `openai` with its re-embed: test/retrieval/user-space.test.ts.
describe('GET/POST /settings/embedding', () => {
  let t: DiscoveryApp;
  let user: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  beforeAll(async () => {
    t = await discoveryApp('embedded');
    user = await t.createUser({ plan: 'pro' });
  });
  afterAll(async () => t?.close());

  const read = async () => (await t.app.inject({ method: 'GET', url: '/settings/embedding', headers: user.headers })).json();
  const write = (payload: unknown, headers: Record<string, string> = user.headers) => t.app.inject({ method: 'POST', url: '/settings/embedding', headers, payload: payload as object });

  it('starts from the local model, the default space', async () => {
    const indexModel = t.search.embedderId;
    expect(indexModel).toBe('local:e5-small-v2');
    const local = indexModel.slice('local:'.length);
    expect(await read()).toEqual({
      provider: 'local',
      vendor_model: local,
      status: 'ready',
      workflow_id: null,
      reembedded_tools: 0,
      reembedded_at: null,
      last_error: null,
      index_model: indexModel,
      active_space: { provider: 'local', vendor_model: local, space: indexModel },
      progress: { done: 0, total: 0 },
      attempt: 0,
      usage: { documents: { texts: 0, tokens: 0 }, queries: { texts: 0, tokens: 0 } },
      allowed: { local: [local] },
    });
  });

  it('stores the local choice at once, without a workflow', async () => {
    const local = t.search.embedderId.slice('local:'.length);
    const res = await write({ provider: 'local', vendor_model: local });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'local', vendor_model: local, status: 'ready', workflow_id: null, reembedding: false });
  });

  it('shows a local choice saved under an earlier default model as the index model now', async () => {
    const local = t.search.embedderId.slice('local:'.length);
    await saveEmbeddingSettings(t.db, user.user.id, { provider: 'local', vendorModel: 'all-minilm-l6-v2' });
    expect(await read()).toMatchObject({ provider: 'local', vendor_model: local, active_space: { space: t.search.embedderId } });
  });

  it('refuses a provider this deployment does not offer, naming the allowed values', async () => {
    const openai = await write({ provider: 'openai', vendor_model: 'text-embedding-3-small' });
    expect(openai.statusCode).toBe(400);
    expect(openai.json().error).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(/^provider must be one of: local \(this deployment has no embeddings endpoint: EMBEDDING_API_URL\)$/), details: { parameter: 'provider', allowed: ['local'] } });
    const model = await write({ provider: 'local', vendor_model: 'e5-small-v2-q8' });
    expect(model.statusCode).toBe(400);
    expect(model.json().error).toMatchObject({ message: `vendor_model for local must be one of: ${t.search.embedderId.slice('local:'.length)}`, details: { parameter: 'vendor_model' } });
    expect(await read()).toMatchObject({ provider: 'local', status: 'ready' });
  });

  it('validates the body and needs a user', async () => {
    expect((await write({ provider: 'openai' })).statusCode).toBe(400);
    expect((await write({ provider: 'not a provider!', vendor_model: 'x' })).statusCode).toBe(400);
    expect((await write({ provider: 'local', vendor_model: 'x' }, {})).statusCode).toBe(401);
    expect((await write({ provider: 'local', vendor_model: 'x' }, t.adminHeaders)).statusCode).toBe(403);
  });
});
