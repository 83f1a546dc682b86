import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MCP_TOOLS } from '../../api/mcp-face/server/tools.ts';
import { retrieveTools } from '../../api/operations/discovery.ts';
import { executeTool, submitJob } from '../../api/operations/execution.ts';
import type { Operation } from '../../api/operations/operation.ts';
import { createTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/test-app.ts';
import { connect, listen } from './helpers.ts';

type Json = Record<string, any>;

/*
 * Issue 34, item 1: an operation is declared once (api/operations) and every face publishes
 * that declaration. This compares what the faces publish — /mcp's tools/list and the REST
 * routes in /openapi.json — with the declaration's own zod → JSON Schema, so a face that
 * grows its own copy of a field (or a bound) fails here.
 */

/** The declaration's fields as JSON Schema (the `$schema` line aside, which a face may or may not carry). */
function declared(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Json;
  return json;
}

/** Where a published object schema differs from the declared one: each declared field, and which are required. */
function drift(want: Json, published: Json | undefined): string[] {
  if (!published) return ['(not published)'];
  const problems: string[] = [];
  for (const [name, field] of Object.entries(want.properties ?? {})) {
    if (JSON.stringify(published.properties?.[name]) !== JSON.stringify(field)) problems.push(name);
  }
  const required = (s: Json) => [...(s.required ?? [])].sort();
  const extraRequired = required(published).filter((name: string) => !(name in (want.properties ?? {})));
  if (JSON.stringify(required(want)) !== JSON.stringify(required(published).filter((n: string) => !extraRequired.includes(n)))) problems.push('(required)');
  return problems;
}

/** A REST route's JSON body schema in the OpenAPI document. */
const bodyOf = (doc: Json, path: string) => doc.paths[path]?.post?.requestBody?.content?.['application/json']?.schema as Json | undefined;

/** A GET route's query parameters as one object schema. */
function queryOf(doc: Json, path: string): Json {
  const parameters = (doc.paths[path]?.get?.parameters ?? []) as Json[];
  const query = parameters.filter((p) => p.in === 'query');
  return { properties: Object.fromEntries(query.map((p) => [p.name, p.schema])), required: query.filter((p) => p.required).map((p) => p.name) };
}

/** Only some of a declaration's fields (a GET form that takes a part of them). */
function pick(schema: Json, names: string[]): Json {
  return { properties: Object.fromEntries(names.map((n) => [n, schema.properties[n]])), required: (schema.required ?? []).filter((n: string) => names.includes(n)) };
}

let t: TestApp;
let client: Client;
let doc: Json;
let listed: Json[];

beforeAll(async () => {
  t = await createTestApp({ worker: false });
  const url = await listen(t, 27405);
  const user = await t.createUser({ plan: 'pro' });
  client = await connect(url, user.apiKey);
  listed = (await client.listTools()).tools as Json[];
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
}, 300_000);
afterAll(async () => {
  await client?.close();
  await t?.close();
});

describe('every face publishes the declaration of its operation', () => {
  it('/mcp tools/list: one tool per declaration, with its schemas, annotations and task support', () => {
    expect(listed.map((tool) => tool.name)).toEqual(MCP_TOOLS.map((tool) => tool.name));
    for (const tool of MCP_TOOLS as Operation[]) {
      const shown = listed.find((entry) => entry.name === tool.name) as Json;
      const { $schema: _a, ...input } = shown.inputSchema as Json;
      const { $schema: _b, ...output } = shown.outputSchema as Json;
      expect(input, `${tool.name} inputSchema`).toEqual(declared(tool.input));
      expect(output, `${tool.name} outputSchema`).toEqual(declared(tool.mcpOutput ?? tool.output, 'output'));
      expect(shown.annotations, `${tool.name} annotations`).toEqual(tool.annotations);
      expect(shown.execution, `${tool.name} task support`).toEqual({ taskSupport: tool.taskSupport });
      expect(shown.description).toBe(tool.description);
    }
  });

  it('the REST routes of execute, submit and retrieve: their bodies and queries are the declared fields', () => {
    expect(drift(declared(executeTool.input), bodyOf(doc, '/v1/execute_tool'))).toEqual([]);
    expect(drift(declared(submitJob.input), bodyOf(doc, '/jobs/submit'))).toEqual([]);
    expect(drift(declared(retrieveTools.input), bodyOf(doc, '/v1/retrieve_tools'))).toEqual([]);
    const queryAndTopK = pick(declared(retrieveTools.input), ['query', 'top_k']);
    for (const path of ['/retrieve_tools', '/v1/retrieve_tools', '/v2/retrieve_tools']) expect(drift(queryAndTopK, queryOf(doc, path)), path).toEqual([]);
  });

  it('and the comparison finds a face whose field differs from its declaration', () => {
    // The same check against a copy of the declaration with another top_k bound: it must differ.
    const other = declared(retrieveTools.input.extend({ top_k: z.coerce.number().int().min(1).max(20).default(5) }));
    expect(drift(other, bodyOf(doc, '/v1/retrieve_tools'))).toEqual(['top_k']);
    expect(drift(declared(executeTool.input), bodyOf(doc, '/jobs/submit'))).not.toEqual([]);
  });
});
