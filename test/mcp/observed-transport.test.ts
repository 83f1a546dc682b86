import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ObservedTransport } from '../../mcp/observed-transport.ts';
import { buildToolServer } from './helpers/test-servers.ts';
import type { ServerLog } from './helpers/test-servers.ts';

// Unit level: a real SDK McpServer and Client joined by the SDK's in-memory transport,
// with our ObservedTransport in between on the client side.
describe('ObservedTransport', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function connect() {
    const log: ServerLog = { aborted: [], headers: [] };
    const ignored: string[] = [];
    const faults: Error[] = [];
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = buildToolServer(log);
    await server.connect(serverSide);
    const client = new Client({ name: 'unit', version: '1' });
    const observed = new ObservedTransport(
      clientSide,
      { onCancellationIgnored: (id) => void ignored.push(String(id)), onTransportError: (e) => void faults.push(e) },
      50,
    );
    await client.connect(observed);
    closers.push(() => client.close(), () => server.close());
    return { client, log, ignored, faults };
  }

  it('sends notifications/cancelled when the request signal aborts, and a polite server is not flagged', async () => {
    const { client, log, ignored } = await connect();
    const controller = new AbortController();
    const call = client.callTool({ name: 'polite-wait', arguments: { ms: 5_000 } }, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort('stop'), 50);
    await expect(call).rejects.toThrow();
    await expect.poll(() => log.aborted.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ignored).toEqual([]);
  });

  it('flags a server that keeps reporting progress for a cancelled request', async () => {
    const { client, ignored } = await connect();
    const controller = new AbortController();
    const call = client.callTool({ name: 'stubborn-wait', arguments: { steps: 5, stepMs: 60 } }, undefined, {
      signal: controller.signal,
      onprogress: () => {},
    });
    setTimeout(() => controller.abort('stop'), 30);
    await expect(call).rejects.toThrow();
    await expect.poll(() => ignored.length, { timeout: 2_000 }).toBe(1);
  });
});
