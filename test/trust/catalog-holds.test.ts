import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_TIMEOUT_MS, syncRegistry } from '../registry/helpers.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';

// Issue 37, item 2: a fresh start on the whole bundled catalog holds under 1% of its tools, each
// hold explained by its findings. The re-index is cancelled (minutes of embedding, covered elsewhere).
describe('a fresh start on the bundled catalog', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const sync = await syncRegistry(t, undefined, { waitForIndex: false });
    if (sync.reindex_workflow_id) await t.temporal.client.workflow.getHandle(sync.reindex_workflow_id as string).cancel();
  }, SYNC_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = await t.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };

  it('pins the catalog and holds under 1% of its tools, every hold with findings', async () => {
    const [{ pins }] = await rows<{ pins: number }>(sql`select count(*)::int as pins from tool_pins`);
    const holds = await rows<{ server_name: string; tool_name: string; kind: string; findings: { rule: string; excerpt: string }[] }>(
      sql`select server_name, tool_name, kind, findings from tool_holds where status = 'pending'`,
    );
    const total = pins + holds.length;
    expect(total).toBeGreaterThan(8_000);
    expect(holds.length / total).toBeLessThan(0.01);
    for (const hold of holds) {
      expect(hold.kind, `${hold.server_name}/${hold.tool_name}`).toBe('first-sighting');
      expect(hold.findings.length, `${hold.server_name}/${hold.tool_name}`).toBeGreaterThan(0);
    }
    // Held tools are not stored: nothing of them reaches the index or a listing.
    const [{ stored }] = await rows<{ stored: number }>(sql`select count(*)::int as stored from tools t join tool_holds h on h.server_name = t.server_name and h.tool_name = t.name and h.status = 'pending'`);
    expect(stored).toBe(0);
  });

  it('holds nothing new on the next sync of the same catalog', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from tool_holds`);
    await syncRegistry(t, undefined, { waitForIndex: false });
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from tool_holds`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
