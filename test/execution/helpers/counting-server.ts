import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

/**
 * A real MCP server over stdio for the at-most-one-call tests, launched as
 * `node --import tsx counting-server.ts <calls file>`. Every tool call first appends one line
 * `<tool> <note>` to the calls file, so a test counts how often the service really called it.
 *
 * - `append_note` answers text ending in U+0000 (Postgres refuses it in text and jsonb);
 * - `lone_surrogate` answers text holding a lone high surrogate (refused in jsonb);
 * - `refuse` answers an isError result (a business rejection: never retried);
 * - `die_once` exits the process before answering the first call of a note, and answers
 *   later calls of that note (a transport fault: retried);
 * - `always_die` exits before answering every call (retried, then a clear failure);
 * - `big` answers `kb` kilobytes of text (more than a Temporal payload may hold).
 */
const callsFile = process.argv[2];
if (!callsFile) throw new Error('usage: counting-server.ts <calls file>');

const record = (tool: string, note: string) => appendFileSync(callsFile, `${tool} ${note}\n`);
const callsOf = (tool: string, note: string) =>
  existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n').filter((line) => line === `${tool} ${note}`).length : 0;

const server = new McpServer({ name: 'counting-test', version: '1.0.0' });
const note = { note: z.string() };

server.registerTool('append_note', { description: 'Appends a note to a file', inputSchema: note }, async ({ note }) => {
  record('append_note', note);
  return { content: [{ type: 'text', text: `noted ${note}\u0000` }] };
});

server.registerTool('lone_surrogate', { description: 'Answers a lone surrogate', inputSchema: note }, async ({ note }) => {
  record('lone_surrogate', note);
  return { content: [{ type: 'text', text: `half \ud83d of ${note}` }], structuredContent: { [`key\u0000${note}`]: 'v\udc00' } };
});

server.registerTool('refuse', { description: 'Always refuses', inputSchema: note }, async ({ note }) => {
  record('refuse', note);
  return { isError: true, content: [{ type: 'text', text: `refused ${note}\u0000` }] };
});

server.registerTool('die_once', { description: 'Dies before its first answer', inputSchema: note }, async ({ note }) => {
  record('die_once', note);
  // Dies with the call in flight: the client sees the transport close, never an answer.
  if (callsOf('die_once', note) === 1) process.exit(1);
  return { content: [{ type: 'text', text: `survived ${note}` }] };
});

server.registerTool('always_die', { description: 'Dies before every answer', inputSchema: note }, async ({ note }) => {
  record('always_die', note);
  process.exit(1);
});

server.registerTool('big', { description: 'Answers a large text', inputSchema: { ...note, kb: z.number().int() } }, async ({ note, kb }) => {
  record('big', note);
  return { content: [{ type: 'text', text: 'x'.repeat(kb * 1024) }] };
});

await server.connect(new StdioServerTransport());
