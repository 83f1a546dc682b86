import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApp } from '../support/test-app.ts';

/** This helper's port range (27400-27499): each test file listens on its own port. */
export async function listen(t: TestApp, port: number): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${port}/mcp`;
}

/** The SDK's own client over streamable HTTP, authenticated with an API key. */
export async function connect(url: string, apiKey: string, capabilities: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client({ name: 'switchboard-test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } });
  await client.connect(transport);
  return client;
}

/** The text of a tool result's content blocks, joined. */
export function textOf(result: object): string {
  const content = ((result as { content?: unknown }).content ?? []) as Array<{ type: string; text?: string }>;
  return content.map((c) => c.text ?? '').join('\n');
}

/** A POST with exactly these headers (fetch will not send a Host of our choosing): its status. */
export function postStatus(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}
