/**
 * What a user's own vector space (issue 22) adds to a retrieval: the retrieval service's
 * `retrieve` for a user in their own space next to one in the default space, interleaved, every
 * query text new (so both the default query embedding and the provider call happen each time).
 * The provider is the tests' stand-in OpenAI embeddings server on 127.0.0.1 (answers in well
 * under a millisecond of its own work): the figure is our overhead; a hosted provider's network
 * time comes on top, overlapped with the backend search.
 *
 *   npx tsx bench/user-space.ts [--n 200] [--own 200] [--backend embedded|elasticsearch]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CATALOG, seedRegistry } from '../test/retrieval/helpers.ts';
import { startEmbeddingsStandIn } from '../test/retrieval/stand-in.ts';
import { createTestApp } from '../test/support/test-app.ts';
import { ElasticsearchBackend } from '../search/backends/elasticsearch.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '200' }, own: { type: 'string', default: '200' }, backend: { type: 'string', default: 'embedded' } } });
const N = Number(values.n);
const OWN = Number(values.own);
const KEY = 'sk-bench';
const WORDS = ['invoice', 'weather', 'message', 'ticket', 'order', 'report', 'file', 'user', 'payment', 'calendar', 'image', 'search', 'record', 'alert', 'note', 'task'];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)}  p90 ${pct(xs, 90).toFixed(2)}  p99 ${pct(xs, 99).toFixed(2)} ms`;

const stand = await startEmbeddingsStandIn({ apiKey: KEY, models: { bench: 1536 } });
const es: Record<string, string> = values.backend === 'elasticsearch' ? { SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_INDEX: `sbbench-${randomBytes(4).toString('hex')}` } : {};
const t = await createTestApp({ env: { ...es, EMBEDDING_API_URL: stand.url, EMBEDDING_API_KEY: KEY, EMBEDDING_MODELS: 'bench' } });
try {
  await seedRegistry(t.db, t.search, CATALOG);
  const [mine, other] = [await t.createUser({ plan: 'pro' }), await t.createUser({ plan: 'pro' })];
  const tools = Array.from({ length: OWN }, (_, i) => ({ name: `tool_${i}`, server: 'own', description: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} helper number ${i}` }));
  for (const user of [mine, other]) await t.app.inject({ method: 'POST', url: '/v2/index_tools', headers: user.headers, payload: { tools } });
  const set = await t.app.inject({ method: 'POST', url: '/settings/embedding', headers: mine.headers, payload: { provider: 'openai', vendor_model: 'bench' } });
  await t.temporal.client.workflow.getHandle(set.json().workflow_id).result();
  const caller = (u: typeof mine) => ({ userId: u.user.id });
  const run = async (u: typeof mine, query: string) => {
    const t0 = performance.now();
    const r = await t.retrieval.retrieve(caller(u), { query, topK: 5 });
    return { ms: performance.now() - t0, r };
  };
  for (let i = 0; i < 20; i++) {
    await run(mine, `warm up ${i} ${WORDS[i % WORDS.length]}`);
    await run(other, `warm up ${i} ${WORDS[i % WORDS.length]}`);
  }
  const own: number[] = [];
  const base: number[] = [];
  const diff: number[] = [];
  let fallbacks = 0;
  for (let i = 0; i < N; i++) {
    const q = `find the ${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} tool ${i}`;
    const first = i % 2 === 0;
    const a = first ? await run(mine, `${q} a`) : undefined;
    const b = await run(other, `${q} b`);
    const a2 = a ?? (await run(mine, `${q} a`));
    if (a2.r.embedding?.fallback !== false) fallbacks++;
    own.push(a2.ms);
    base.push(b.ms);
    diff.push(a2.ms - b.ms);
  }
  console.log(`backend ${t.search.kind}; ${OWN} own tools per user; ${N} interleaved pairs; new query text each time`);
  console.log(`default space   ${fmt(base)}`);
  console.log(`own space       ${fmt(own)}   (fallbacks: ${fallbacks})`);
  console.log(`own − default   p50 ${pct(diff, 50).toFixed(2)} ms (per pair)`);
} finally {
  const backend = t.search.engine.backend;
  if (backend instanceof ElasticsearchBackend) await backend.destroy();
  await t.close();
  await stand.close();
}
