import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServers, packageInstalls, toolRuns } from '../../db/schema/index.ts';
import type { DiscoveryApp } from '../retrieval/helpers.ts';
import { discoveryApp, seedRegistry } from '../retrieval/helpers.ts';

// The availability stage (docs/retrieval.md "Availability"): facts from Postgres demote or lift
// a tool after the ranking, each with a reason, and never remove one. The stage runs after the
// backend has ranked, the same code for both backends, so this file uses the embedded one.

interface Tool {
  name: string;
  server: string;
  score: number;
  availability: {
    status: string;
    state: string;
    reasons: { code: string; message: string }[];
    missing_credentials?: string[];
    setup_url?: string;
    expected_install_seconds?: number;
  };
}

/** A runnable stdio launch; the test app has no worker, so no health check overwrites a status set here. */
const stdio = (env?: Record<string, string>) => ({ type: 'stdio', command: 'node', args: ['server.js'], ...(env ? { env } : {}) });

/** Twin servers per case: the same tool twice, so a demotion shows as the twin overtaking it. */
const TWINS = {
  'mail-a': { category: 'communication' as const, tools: [{ name: 'send_email', description: 'Send an e-mail message to a recipient address', params: { to: 'Recipient' } }] },
  'mail-b': { category: 'communication' as const, tools: [{ name: 'send_email', description: 'Send an e-mail message to a recipient address', params: { to: 'Recipient' } }] },
  'gh-a': { category: 'development' as const, tools: [{ name: 'create_issue', description: 'Create an issue in a code repository', params: { title: 'Title' } }] },
  'gh-b': { category: 'development' as const, tools: [{ name: 'create_issue', description: 'Create an issue in a code repository', params: { title: 'Title' } }] },
  'db-a': { category: 'databases' as const, tools: [{ name: 'run_query', description: 'Run a SQL query against a database', params: { sql: 'SQL' } }] },
  'db-b': { category: 'databases' as const, tools: [{ name: 'run_query', description: 'Run a SQL query against a database', params: { sql: 'SQL' } }] },
  // The same tool on two servers whose names match the query equally ('a' would be a stop word, 'b' not).
  'notes-one': { category: 'custom' as const, tools: [{ name: 'create_note', description: 'Create a text note in a notebook', params: { text: 'Note' } }] },
  'notes-two': { category: 'custom' as const, tools: [{ name: 'create_note', description: 'Create a text note in a notebook', params: { text: 'Note' } }] },
  'weather-a': { category: 'custom' as const, tools: [{ name: 'forecast', description: 'Get the weather forecast for a city', params: { city: 'City' } }] },
  'weather-b': { category: 'custom' as const, tools: [{ name: 'forecast', description: 'Get the weather forecast for a city', params: { city: 'City' } }] },
  'translate-a': { category: 'custom' as const, tools: [{ name: 'translate_text', description: 'Translate text into another language', params: { text: 'Text' } }] },
  'translate-b': { category: 'custom' as const, tools: [{ name: 'translate_text', description: 'Translate text into another language', params: { text: 'Text' } }] },
};

/** A catalog package's launch as the registry sync stores it (activities/registry/catalog-source.ts). */
const catalogPackage = (name: string, registry: 'npm' | 'pypi' = 'npm') => ({
  type: 'catalog',
  transport: 'stdio',
  command: registry === 'npm' ? 'npx' : 'uvx',
  args: registry === 'npm' ? ['-y', `${name}@1.0.0`] : [`${name}==1.0.0`],
  package: { registry, name, version: '1.0.0' },
});

describe('retrieval availability (Postgres facts, embedded backend)', () => {
  let t: DiscoveryApp;
  let free: Awaited<ReturnType<DiscoveryApp['createUser']>>;
  let pro: Awaited<ReturnType<DiscoveryApp['createUser']>>;

  const search = async (query: string, headers: Record<string, string>, extra = ''): Promise<Tool[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/retrieve_tools?query=${encodeURIComponent(query)}&top_k=20${extra}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().tools as Tool[];
  };
  const find = (tools: Tool[], server: string) => {
    const tool = tools.find((x) => x.server === server);
    expect(tool, `${server} in the results`).toBeDefined();
    return tool!;
  };
  const rank = (tools: Tool[], server: string) => tools.findIndex((x) => x.server === server);
  const runs = (server: string, tool: string, statuses: string[], userId: string | null = null) =>
    t.db.insert(toolRuns).values(statuses.map((status, i) => ({ executionId: randomUUID(), userId, server, tool, mode: 'direct' as const, status, durationMs: 10, createdAt: new Date(Date.now() - i * 1000) })));

  beforeAll(async () => {
    t = await discoveryApp('embedded', { worker: false });
    free = await t.createUser({ plan: 'free' });
    pro = await t.createUser({ plan: 'pro' });
    await seedRegistry(t.db, t.search, TWINS);
    for (const server of Object.keys(TWINS)) await t.db.update(mcpServers).set({ launch: stdio(), status: 'connected' }).where(eq(mcpServers.name, server));
    // The free user's own server (a downgrade from pro leaves it in place), and the pro user's.
    for (const [owner, name] of [[free, 'free-calendar'], [pro, 'pro-calendar']] as const) {
      await seedRegistry(t.db, t.search, { [name]: { category: 'custom', tools: [{ name: 'add_event', description: 'Add an event to a calendar', params: { when: 'Time' } }] } }, owner.user.id);
      await t.db.update(mcpServers).set({ launch: stdio(), status: 'connected' }).where(eq(mcpServers.name, name));
    }
  });
  afterAll(async () => t?.close());

  it('answers ok with no reasons when nothing is known against a tool', async () => {
    const tools = await search('send an e-mail to a recipient', pro.headers);
    expect(tools.length).toBeGreaterThan(2);
    for (const tool of tools) expect(tool.availability).toEqual({ status: 'ok', state: 'ready', reasons: [] });
  });

  it('demotes a tool whose server is down, with the health check as its reason, and keeps it', async () => {
    const query = 'send an e-mail to a recipient';
    const before = await search(query, pro.headers);
    const a = find(before, 'mail-a');
    await t.db.update(mcpServers).set({ status: 'error', lastError: 'connect ECONNREFUSED' }).where(eq(mcpServers.name, 'mail-a'));
    const after = await search(query, pro.headers);
    const down = find(after, 'mail-a');
    expect(down.availability.status).toBe('unavailable');
    expect(down.availability.reasons).toEqual([{ code: 'server_down', message: 'Server mail-a is error at its last health check: connect ECONNREFUSED' }]);
    expect(down.score).toBeCloseTo(0.5 * a.score, 3);
    expect(rank(after, 'mail-a')).toBeGreaterThan(rank(after, 'mail-b'));
    expect(find(after, 'mail-b').availability.status).toBe('ok');
    // Never hidden: the same tools come back, and min_score judges the ranking's score, not the demoted one.
    expect(after.map((x) => `${x.server}/${x.name}`).sort()).toEqual(before.map((x) => `${x.server}/${x.name}`).sort());
    const strict = await search(query, pro.headers, `&min_score=${(a.score - 0.01).toFixed(4)}`);
    expect(find(strict, 'mail-a').score).toBeLessThan(a.score - 0.01);
  });

  it('demotes a tool whose server needs a credential its configuration lacks', async () => {
    const query = 'create an issue in a repository';
    // Twins differ by their server names, which the ranking reads: each is judged against itself.
    const before = find(await search(query, pro.headers), 'gh-a');
    const auth = { type: 'api_key', required: true, env_var: 'GITHUB_TOKEN' };
    await t.db.update(mcpServers).set({ authentication: auth, launch: stdio() }).where(eq(mcpServers.name, 'gh-a'));
    await t.db.update(mcpServers).set({ authentication: auth, launch: stdio({ GITHUB_TOKEN: 'ghp_set' }) }).where(eq(mcpServers.name, 'gh-b'));
    const tools = await search(query, pro.headers);
    const missing = find(tools, 'gh-a');
    const setupUrl = 'http://localhost:80/console/servers/gh-a#credentials';
    expect(missing.availability).toEqual({
      status: 'unavailable',
      state: 'needs_credentials',
      missing_credentials: ['GITHUB_TOKEN'],
      setup_url: setupUrl,
      reasons: [{ code: 'credentials_missing', message: `Server gh-a needs GITHUB_TOKEN, which you have not set (set them at ${setupUrl})` }],
    });
    expect(find(tools, 'gh-b').availability).toEqual({ status: 'ok', state: 'ready', reasons: [] });
    expect(rank(tools, 'gh-a')).toBeGreaterThan(rank(tools, 'gh-b'));
    expect(missing.score).toBeCloseTo(0.6 * before.score, 3);
    // The credential's value never appears in a result.
    expect(JSON.stringify(tools)).not.toContain('ghp_set');
  });

  it("demotes a custom server's tools when the user's plan does not include custom servers", async () => {
    const forFree = find(await search('add an event to my calendar', free.headers), 'free-calendar');
    expect(forFree.availability).toEqual({ status: 'degraded', state: 'ready', reasons: [{ code: 'plan_excluded', message: 'The free plan does not include custom servers such as free-calendar' }] });
    const forPro = find(await search('add an event to my calendar', pro.headers), 'pro-calendar');
    expect(forPro.availability).toEqual({ status: 'ok', state: 'ready', reasons: [] });
  });

  it('demotes a tool that keeps failing, with its recent failure count', async () => {
    const query = 'run a sql query on the database';
    const before = find(await search(query, pro.headers), 'db-a');
    await runs('db-a', 'run_query', ['failed', 'timeout', 'completed', 'failed']);
    const after = await search(query, pro.headers);
    const failing = find(after, 'db-a');
    expect(failing.availability).toEqual({ status: 'degraded', state: 'ready', reasons: [{ code: 'failing', message: '3 of its last 4 runs failed' }] });
    expect(failing.score).toBeCloseTo(before.score * (1 - 0.5 * 0.75), 3);
    expect(rank(after, 'db-a')).toBeGreaterThan(rank(after, 'db-b'));
    // One failure in four is not "keeps failing".
    await runs('db-b', 'run_query', ['failed', 'completed', 'completed', 'completed']);
    expect(find(await search(query, pro.headers), 'db-b').availability.status).toBe('ok');
  });

  it('lifts a tool that succeeded for this user, for that user only', async () => {
    const query = 'create a note in my notebook';
    const before = await search(query, pro.headers);
    const b = find(before, 'notes-two');
    // Three successes give the whole gain (0.1 of the headroom); a failure of another user's does not count for this one.
    await runs('notes-two', 'create_note', ['completed', 'completed', 'completed'], pro.user.id);
    await runs('notes-two', 'create_note', ['failed'], free.user.id);
    const mine = await search(query, pro.headers);
    const lifted = find(mine, 'notes-two');
    expect(lifted.availability).toEqual({ status: 'ok', state: 'ready', reasons: [{ code: 'succeeded_for_you', message: '3 successful runs of yours in the last 30 days' }] });
    // The lift is small by design (at most 0.1 of the headroom): it reorders only near-ties, so
    // the twin notes-one, which the ranking may put ahead by more, is not a fixed yardstick.
    expect(lifted.score).toBeCloseTo(b.score + 0.1 * (1 - b.score), 3);
    expect(lifted.score).toBeGreaterThan(b.score);
    const theirs = find(await search(query, free.headers), 'notes-two');
    expect(theirs.availability).toEqual({ status: 'ok', state: 'ready', reasons: [] });
    expect(theirs.score).toBeCloseTo(b.score, 3);
  });

  it('says a catalog package installs on its first call, with the time its install took here, and ready once installed', async () => {
    const query = 'weather forecast for a city';
    await t.db.update(mcpServers).set({ launch: catalogPackage('weather-a-mcp'), status: 'unknown' }).where(eq(mcpServers.name, 'weather-a'));
    await t.db.update(mcpServers).set({ launch: catalogPackage('Weather_B.Mcp', 'pypi'), status: 'unknown' }).where(eq(mcpServers.name, 'weather-b'));
    const first = await search(query, pro.headers);
    expect(find(first, 'weather-a').availability).toMatchObject({ status: 'degraded', state: 'installable', reasons: [{ code: 'install_required' }] });
    expect(find(first, 'weather-a').availability.expected_install_seconds).toBeUndefined();
    // PyPI names are keyed normalized (PEP 503), as the package store keys them.
    await t.db.insert(packageInstalls).values([
      { registry: 'npm', name: 'weather-a-mcp', version: '1.0.0', status: 'failed', installMs: 4_200, error: 'registry did not answer' },
      { registry: 'pypi', name: 'weather-b-mcp', version: '1.0.0', status: 'installed', installMs: 9_000, integrity: 'sha256-x' },
    ]);
    const after = await search(query, pro.headers);
    expect(find(after, 'weather-a').availability).toMatchObject({ state: 'installable', expected_install_seconds: 4 });
    expect(find(after, 'weather-b').availability).toEqual({ status: 'ok', state: 'ready', reasons: [] });
    // The first-call install costs a little of the score (0.95), gone once installed.
    expect(find(after, 'weather-b').score).toBeCloseTo(find(first, 'weather-b').score / 0.95, 3);
  });

  it('says what cannot run here as unsupported, needs_credentials until the user stores them, and runnable_only leaves both out', async () => {
    const query = 'translate text into another language';
    await t.db.update(mcpServers).set({ launch: { type: 'catalog', remote: 'http://10.0.0.7/mcp', refused: 'a private address' }, status: 'unknown' }).where(eq(mcpServers.name, 'translate-a'));
    const auth = { type: 'token', required: true, env_var: 'TRANSLATE_KEY' };
    await t.db.update(mcpServers).set({ launch: catalogPackage('translate-b-mcp'), authentication: auth, status: 'unknown' }).where(eq(mcpServers.name, 'translate-b'));
    const tools = await search(query, pro.headers);
    expect(find(tools, 'translate-a').availability).toMatchObject({ status: 'unavailable', state: 'unsupported', reasons: [{ code: 'unsupported', message: 'Server translate-a cannot run on this service: its remote address is refused: a private address' }] });
    expect(find(tools, 'translate-b').availability).toMatchObject({ status: 'unavailable', state: 'needs_credentials', missing_credentials: ['TRANSLATE_KEY'] });
    const runnable = await search(query, pro.headers, '&runnable_only=true');
    expect(runnable.some((x) => x.server.startsWith('translate-'))).toBe(false);
    expect(runnable.every((x) => ['ready', 'installable'].includes(x.availability.state))).toBe(true);
    // Stored through the credential route, the value makes the tool installable for this user only.
    const put = await t.app.inject({ method: 'PUT', url: '/mcp_servers/translate-b/credentials', headers: pro.headers, payload: { values: { TRANSLATE_KEY: 'tk-canary-value' } } });
    expect(put.statusCode).toBe(200);
    const mine = await search(query, pro.headers, '&runnable_only=true');
    expect(find(mine, 'translate-b').availability.state).toBe('installable');
    expect(JSON.stringify(mine)).not.toContain('tk-canary-value');
    expect(find(await search(query, free.headers), 'translate-b').availability.state).toBe('needs_credentials');
  });

  it('answers the field on v1 and the root route too, and orders every list by its score', async () => {
    for (const url of ['/v1/retrieve_tools?query=send%20an%20e-mail&top_k=20', '/retrieve_tools?query=send%20an%20e-mail&top_k=20']) {
      const body = (await t.app.inject({ method: 'GET', url, headers: pro.headers })).json();
      // v1 answers in the envelope (api/error-forms.ts), the root route plainly.
      const tools = (body.data?.tools ?? body.tools) as Tool[];
      expect(find(tools, 'mail-a').availability.status).toBe('unavailable');
      const scores = tools.map((x) => x.score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
    }
  });
  it('sends where query_time_ms went as Server-Timing: every stage of an uncached retrieval, cache=1 and no ranking stages for a cached one', async () => {
    const url = `/v2/retrieve_tools?query=${encodeURIComponent(`look up a stock price ${Date.now()}`)}&top_k=5`;
    const stages = (header: unknown) => Object.fromEntries(String(header).split(', ').map((p) => { const [name, dur] = p.split(';dur='); return [name, Number(dur)]; }));
    const first = await t.app.inject({ method: 'GET', url, headers: pro.headers });
    const uncached = stages(first.headers['server-timing']);
    expect(Object.keys(uncached)).toEqual(['scope', 'capability', 'embed', 'analyze', 'bm25', 'vectors', 'search', 'fusion', 'score', 'facts', 'availability', 'total']);
    for (const ms of Object.values(uncached)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(uncached.total).toBeGreaterThanOrEqual(uncached.search + uncached.facts);
    expect(Math.round(uncached.total)).toBeLessThanOrEqual(first.json().query_time_ms + 1);
    const cached = stages((await t.app.inject({ method: 'GET', url, headers: pro.headers })).headers['server-timing']);
    expect(Object.keys(cached)).toEqual(['scope', 'cache', 'facts', 'availability', 'total']);
  });
});
