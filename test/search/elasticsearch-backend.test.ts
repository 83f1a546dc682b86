import { Client } from '@elastic/elasticsearch';
import { afterAll, describe, expect, it } from 'vitest';
import { ElasticsearchBackend } from '../../search/backends/elasticsearch.ts';
import { analyze } from '../../search/text/tokenize.ts';
import type { SearchBackend } from '../../search/types.ts';
import { elasticsearchUrl, uniqueId } from '../support/services.ts';
import { backendContract } from './backend-contract.ts';
import { DIMS, indexed } from './fixtures.ts';

// Real server (the global setup proved it answers); one alias per test file, deleted after.
const client = new Client({ node: elasticsearchUrl() });
const make = async () => new ElasticsearchBackend({ client, alias: uniqueId('sbtest-search'), dimensions: DIMS, refresh: 'wait_for' });
const drop = async (b: SearchBackend) => (b as ElasticsearchBackend).destroy();

backendContract('elasticsearch', make, drop);

describe('Elasticsearch aliases', () => {
  const alias = uniqueId('sbtest-alias');
  const backend = new ElasticsearchBackend({ client, alias, dimensions: DIMS, refresh: 'wait_for' });
  afterAll(async () => {
    await backend.destroy();
    await client.close();
  });

  const behind = async () => Object.keys(await client.indices.getAlias({ name: alias }));

  it('swaps the alias to a new index on rebuild and deletes the old index', async () => {
    await backend.upsert(indexed().slice(0, 2));
    const [first] = await behind();
    expect(first).toMatch(new RegExp(`^${alias}-`));

    // Counts taken while the rebuild fills the new index see the old set or the new one,
    // never a partly filled index.
    let done = false;
    const rebuilding = backend.rebuild(indexed()).finally(() => (done = true));
    const seen = new Set<number>();
    while (!done) seen.add(await backend.count());
    await rebuilding;
    for (const n of seen) expect([2, 5]).toContain(n);

    const after = await behind();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
    expect(await client.indices.exists({ index: first })).toBe(false);
    expect(await backend.count()).toBe(5);
    const { bm25 } = await backend.search({ tokens: analyze('email'), vector: null, size: 5 });
    expect(bm25[0].id).toBe('mail/send_email');
  });

  it('gives processes starting together on a new alias one write index', async () => {
    const shared = uniqueId('sbtest-race');
    const replicas = [1, 2, 3].map(() => new ElasticsearchBackend({ client, alias: shared, dimensions: DIMS, refresh: 'wait_for' }));
    try {
      await Promise.all(replicas.map((replica) => replica.count()));
      expect(Object.keys(await client.indices.getAlias({ name: shared }))).toEqual([`${shared}-first`]);
      await replicas[1].upsert(indexed().slice(0, 1));
      expect(await replicas[2].count()).toBe(1);
    } finally {
      await replicas[0].destroy();
    }
  });

  it('keeps one write index when processes rebuild the same alias at once', async () => {
    const shared = uniqueId('sbtest-rebuild');
    const replicas = [1, 2, 3].map(() => new ElasticsearchBackend({ client, alias: shared, dimensions: DIMS, refresh: 'wait_for' }));
    try {
      await replicas[0].upsert(indexed().slice(0, 1));
      await Promise.all(replicas.map((replica) => replica.rebuild(indexed())));
      expect(Object.keys(await client.indices.getAlias({ name: shared }))).toHaveLength(1);
      await replicas[2].upsert(indexed().slice(0, 1));
      expect(await replicas[1].count()).toBe(indexed().length);
    } finally {
      await replicas[0].destroy();
      await client.indices.delete({ index: `${shared}-*` }, { ignore: [404] });
    }
  });

  it('maps BM25 fields as analyzed text and the vector as an indexed cosine dense_vector', async () => {
    const [index] = await behind();
    const mapping = (await client.indices.getMapping({ index }))[index].mappings.properties!;
    expect(mapping.t_name).toMatchObject({ type: 'text', analyzer: 'standard' });
    expect(mapping.vector).toMatchObject({ type: 'dense_vector', dims: DIMS, index: true, similarity: 'cosine' });
  });
});
