import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { upsertSyncedEntries } from '../../db/registry/sync.ts';
import { availabilityFacts, RECENT_RUNS } from '../../db/retrieval/availability-facts.ts';
import { mcpServers, toolRuns, userServers } from '../../db/schema/index.ts';
import { createUser } from '../../db/users.ts';
import { eachDriver } from '../support/database.ts';
import { syncedServer } from '../support/registry-entries.ts';

// The availability facts are one database function (migration 0013), whose plan the database
// keeps: the same answer on both drivers, Postgres (production) and PGlite (npm start), and the
// same again once the plan is reused.

const server = (name: string) => syncedServer(name, { authentication: { type: 'api_key', env: 'AF_TOKEN' } });

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(eachDriver(cleanups))('availability facts (%s)', (_driver, open) => {
  it('reads health, runs, plan and scope of the candidates, and nothing of other tools or users', async () => {
    const handle = await open();
    await handle.migrate();
    const db = handle.db;
    await upsertSyncedEntries(db, [server('af-up'), server('af-down'), server('af-other')]);
    await db.update(mcpServers).set({ status: 'error', lastError: 'spawn failed' }).where(eq(mcpServers.name, 'af-down'));
    const user = await createUser(db, { email: 'facts@example.test', plan: 'pro' });
    const someone = await createUser(db, { email: 'someone@example.test' });
    await db.insert(userServers).values([
      { userId: user.id, serverName: 'af-up', enabled: true },
      { userId: user.id, serverName: 'af-down', enabled: false },
    ]);
    const day = 24 * 3600 * 1000;
    const run = (server: string, status: string, userId: string, ageMs: number) => ({
      executionId: randomUUID(),
      userId,
      server,
      tool: 'ping',
      mode: 'direct' as const,
      status,
      durationMs: 5,
      createdAt: new Date(Date.now() - ageMs),
    });
    await db.insert(toolRuns).values([
      // af-down: more failures than the window holds, the oldest outside it.
      ...Array.from({ length: RECENT_RUNS + 2 }, (_, i) => run('af-down', 'failed', someone.id, (i + 1) * 60_000)),
      // af-up: the user's successes, one too old to count (40 days), one a week old (counts for the
      // user's successes, not for the last week's runs).
      run('af-up', 'completed', user.id, 60_000),
      run('af-up', 'completed', user.id, 8 * day),
      run('af-up', 'completed', user.id, 40 * day),
      run('af-up', 'failed', someone.id, 120_000),
      // Not a candidate.
      run('af-other', 'failed', someone.id, 60_000),
    ]);

    const input = { userId: user.id, servers: ['af-up', 'af-down'], tools: [{ server: 'af-up', tool: 'ping' }, { server: 'af-down', tool: 'ping' }] };
    for (let call = 0; call < 7; call++) {
      const facts = await availabilityFacts(db, input);
      expect(facts.plan).toBe('pro');
      expect(facts.scope).toEqual({ enabledServers: ['af-up'], ownServers: [], space: null });
      expect([...facts.servers.keys()].sort()).toEqual(['af-down', 'af-up']);
      expect(facts.servers.get('af-down')).toMatchObject({ status: 'error', lastError: 'spawn failed', authentication: { type: 'api_key', env: 'AF_TOKEN' } });
      expect([...facts.runs.keys()].sort()).toEqual(['af-down/ping', 'af-up/ping']);
      expect(facts.runs.get('af-down/ping')).toEqual({ server: 'af-down', tool: 'ping', recentRuns: RECENT_RUNS, recentFailures: RECENT_RUNS, userSuccesses: 0 });
      expect(facts.runs.get('af-up/ping')).toEqual({ server: 'af-up', tool: 'ping', recentRuns: 2, recentFailures: 1, userSuccesses: 2 });
    }

    const anonymous = await availabilityFacts(db, { userId: null, servers: [], tools: [] });
    expect(anonymous).toEqual({ plan: null, servers: new Map(), runs: new Map() });
  });
});
