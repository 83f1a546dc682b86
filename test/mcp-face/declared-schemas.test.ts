import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MCP_TOOLS } from '../../api/mcp-face/server/tools.ts';
import { retrieveTools } from '../../api/operations/retrieval.ts';
import { cancelRun, getRun, runAgent } from '../../api/operations/agent.ts';
import { deleteCredential, getCredentials, putCredentials } from '../../api/operations/credentials.ts';
import { cancelJob, executeTool, getJob, submitJob } from '../../api/operations/execution.ts';
import { getTool } from '../../api/operations/registry.ts';
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

/** JSON with its object keys sorted: the same schema, whatever order a face wrote its keywords in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Where a published object schema differs from the declared one: each declared field, and which are required. */
function drift(want: Json, published: Json | undefined): string[] {
  if (!published) return ['(not published)'];
  const problems: string[] = [];
  for (const [name, field] of Object.entries(want.properties ?? {})) {
    if (canonical(published.properties?.[name]) !== canonical(field)) problems.push(name);
  }
  const required = (s: Json) => [...(s.required ?? [])].sort();
  const extraRequired = required(published).filter((name: string) => !(name in (want.properties ?? {})));
  if (JSON.stringify(required(want)) !== JSON.stringify(required(published).filter((n: string) => !extraRequired.includes(n)))) problems.push('(required)');
  return problems;
}

/** A REST route's JSON body schema in the OpenAPI document. */
const bodyOf = (doc: Json, path: string) => doc.paths[path]?.post?.requestBody?.content?.['application/json']?.schema as Json | undefined;

/** A route's path or query parameters as one object schema. */
function parametersOf(doc: Json, path: string, where: 'query' | 'path', method = 'get'): Json {
  const parameters = ((doc.paths[path]?.[method]?.parameters ?? []) as Json[]).filter((p) => p.in === where);
  // The OpenAPI document carries a parameter's description beside its schema, not in it.
  const schemaOf = (p: Json) => (p.description ? { ...p.schema, description: p.description } : p.schema);
  return { properties: Object.fromEntries(parameters.map((p) => [p.name, schemaOf(p)])), required: parameters.filter((p) => p.required).map((p) => p.name) };
}
const queryOf = (doc: Json, path: string): Json => parametersOf(doc, path, 'query');

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
      // retrieve_tools' description goes on with what the caller's catalogue holds (issue 39); it starts with the declaration's.
      if (tool.name === 'retrieve_tools') expect(shown.description).toMatch(new RegExp(`^${tool.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\n(Searches \\d+ tools|The catalogue is empty)`));
      else expect(shown.description).toBe(tool.description);
    }
  });

  it('the REST routes of execute, submit and retrieve: their bodies and queries are the declared fields', () => {
    expect(drift(declared(executeTool.input), bodyOf(doc, '/v1/execute_tool'))).toEqual([]);
    expect(drift(declared(submitJob.input), bodyOf(doc, '/jobs/submit'))).toEqual([]);
    expect(drift(declared(retrieveTools.input), bodyOf(doc, '/v1/retrieve_tools'))).toEqual([]);
    const queryAndTopK = pick(declared(retrieveTools.input), ['query', 'top_k']);
    for (const path of ['/retrieve_tools', '/v1/retrieve_tools', '/v2/retrieve_tools']) expect(drift(queryAndTopK, queryOf(doc, path)), path).toEqual([]);
  });

  it('the REST routes of the job, tool and agent operations: their paths, queries and bodies are the declared fields', () => {
    const input = (op: Operation) => declared(op.input);
    expect(drift(input(getJob), parametersOf(doc, '/jobs/{job_id}', 'path'))).toEqual([]);
    expect(drift(pick(input(cancelJob), ['job_id']), parametersOf(doc, '/jobs/{job_id}', 'path', 'delete'))).toEqual([]);
    expect(drift(pick(input(cancelJob), ['reason']), parametersOf(doc, '/jobs/{job_id}', 'query', 'delete'))).toEqual([]);
    expect(drift(pick(input(getTool), ['tool_name']), parametersOf(doc, '/v1/tools/{tool_name}', 'path'))).toEqual([]);
    expect(drift(pick(input(getTool), ['server']), parametersOf(doc, '/v1/tools/{tool_name}', 'query'))).toEqual([]);
    expect(drift(input(runAgent), bodyOf(doc, '/agent/execute'))).toEqual([]);
    // The public catalog's read of a tool is get_tool too, in its own address form.
    expect(drift(pick(input(getTool), ['tool_name']), parametersOf(doc, '/tools/registry/{tool_name}', 'path'))).toEqual([]);
    expect(drift(pick(input(getTool), ['server']), parametersOf(doc, '/tools/registry/{tool_name}', 'query'))).toEqual([]);
    expect(drift(input(getRun), parametersOf(doc, '/agent/runs/{run_id}', 'path'))).toEqual([]);
    expect(drift(input(cancelRun), parametersOf(doc, '/agent/runs/{run_id}', 'path', 'delete'))).toEqual([]);
  });

  it('the REST-only credential operations: their paths and body are the declared fields', () => {
    const input = (op: Operation) => declared(op.input);
    expect(drift(input(getCredentials), parametersOf(doc, '/mcp_servers/{server}/credentials', 'path'))).toEqual([]);
    expect(drift(pick(input(putCredentials), ['server']), parametersOf(doc, '/mcp_servers/{server}/credentials', 'path', 'put'))).toEqual([]);
    const body = doc.paths['/mcp_servers/{server}/credentials']?.put?.requestBody?.content?.['application/json']?.schema as Json | undefined;
    expect(drift(pick(input(putCredentials), ['values']), body)).toEqual([]);
    expect(drift(input(deleteCredential), parametersOf(doc, '/mcp_servers/{server}/credentials/{name}', 'path', 'delete'))).toEqual([]);
  });

  it('and the comparison finds a face whose field differs from its declaration', () => {
    // The same check against a copy of the declaration with another top_k bound: it must differ.
    const other = declared(retrieveTools.input.extend({ top_k: z.coerce.number().int().min(1).max(20).default(5) }));
    expect(drift(other, bodyOf(doc, '/v1/retrieve_tools'))).toEqual(['top_k']);
    expect(drift(declared(executeTool.input), bodyOf(doc, '/jobs/submit'))).not.toEqual([]);
  });
});
