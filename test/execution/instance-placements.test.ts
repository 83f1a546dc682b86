import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createInstanceRouting } from '../../activities/instances/routing.ts';
import { instancePlacements } from '../../db/schema/index.ts';
import { instanceKey } from '../../domain/launch.ts';
import { createLogger } from '../../platform/logger.ts';
import { McpSessionPool } from '../../mcp/index.ts';
import { eachDriver } from '../support/database.ts';
import { until } from './helpers/setup.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const logger = createLogger('silent');

// Issue 35 item 3, scale-out: the record of where a user's warm instance lives, as two workers
// see it on one database (the scale-out test runs the whole path: test/scale-out/instance-routing.test.ts).
describe.each(eachDriver(cleanups))('where warm instances live (%s)', (_driver, open) => {
  it('names the worker holding an instance to the others, and forgets it when reaped, out of lease or stopped', async () => {
    const { db, migrate } = await open();
    await migrate();
    const one = createInstanceRouting({ db, queue: 'q@one', logger });
    const two = createInstanceRouting({ db, queue: 'q@two', logger });
    const key = instanceKey('memory', 'user-1');
    const nowhere = () => false;

    expect(await two.elsewhere('memory', 'user-1', nowhere)).toBeNull();
    await one.placed(key, 'memory');
    expect(await two.elsewhere('memory', 'user-1', nowhere)).toBe('q@one');
    // Its own worker, a worker that holds one too, and the operator's instance are not sent anywhere.
    expect(await one.elsewhere('memory', 'user-1', nowhere)).toBeNull();
    expect(await two.elsewhere('memory', 'user-1', (k) => k === key)).toBeNull();
    expect(await two.elsewhere('memory', null, nowhere)).toBeNull();
    await one.placed('everything', 'everything');
    expect(await db.select().from(instancePlacements).where(eq(instancePlacements.instanceKey, 'everything'))).toEqual([]);

    // The last worker to start one wins; the first one's reaping does not drop the second's record.
    await two.placed(key, 'memory');
    expect(await one.elsewhere('memory', 'user-1', nowhere)).toBe('q@two');
    one.dropped(key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await one.elsewhere('memory', 'user-1', nowhere)).toBe('q@two');

    // A record nobody renewed within the lease names a worker presumed dead.
    await db.update(instancePlacements).set({ seenAt: sql`now() - interval '31 seconds'` });
    expect(await one.elsewhere('memory', 'user-1', nowhere)).toBeNull();

    // The pool reaps an idle instance: its record goes with it.
    const pool = new McpSessionPool(logger, { onDrop: (server) => two.dropped(server) });
    cleanups.push(() => pool.close());
    const other = instanceKey('memory', 'user-2');
    pool.ensure(other, { type: 'stdio', command: 'true', args: [] }, { idleMs: 50 });
    await two.placed(other, 'memory');
    expect(await one.elsewhere('memory', 'user-2', nowhere)).toBe('q@two');
    await until(async () => (await one.elsewhere('memory', 'user-2', nowhere)) === null, 5_000, 50);
    expect(pool.has(other)).toBe(false);

    // A stopping worker holds nothing any more.
    await one.placed(instanceKey('memory', 'user-3'), 'memory');
    await one.stop();
    await two.stop();
    expect(await db.select().from(instancePlacements)).toEqual([]);
  });
});
