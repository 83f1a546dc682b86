import type { RunningService } from './service-process.ts';
import { logTail } from './service-process.ts';

/*
 * What the fresh-start test asks the running service: the readiness endpoint (GET /health/ready:
 * 200 {"status":"ready"} once retrieval answers as it will in steady state, 503
 * {"status":"starting"|"indexing", "search":{"indexed","total"}} before) and retrieval.
 */

export interface NotReadyAnswer {
  status: number;
  body: unknown;
}

export interface Readiness {
  seconds: number;
  /** Every 503 seen before ready, to check it keeps the contract. */
  notReady: NotReadyAnswer[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /health/ready until it answers 200 "ready"; fails with the log tail if npm exits or time runs out. */
export async function waitUntilReady(service: RunningService, timeoutMs: number): Promise<Readiness> {
  const started = Date.now();
  const notReady: NotReadyAnswer[] = [];
  let exitedWith: number | string | undefined;
  void service.exited.then((code) => (exitedWith = code));
  let last = 'no answer yet';
  while (Date.now() - started < timeoutMs) {
    if (exitedWith !== undefined) throw new Error(`npm start exited (${exitedWith}) before it was ready:\n${logTail(service)}`);
    try {
      const response = await fetch(`${service.base}/health/ready`, { signal: AbortSignal.timeout(3_000) });
      const text = await response.text();
      last = `HTTP ${response.status} ${text.slice(0, 300)}`;
      const body = parseJson(text);
      if (response.status === 200 && isObject(body) && body.status === 'ready') {
        return { seconds: (Date.now() - started) / 1000, notReady };
      }
      if (response.status === 503) notReady.push({ status: 503, body });
    } catch (error) {
      last = (error as Error).message; // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`not ready within ${timeoutMs / 1000} s; last answer of GET /health/ready: ${last}\n${logTail(service)}`);
}

/** Names (server/tool) of the top-k tools GET /v2/retrieve_tools returns, in order. */
export async function topTools(service: RunningService, key: string, query: string, topK = 5): Promise<string[]> {
  const url = `${service.base}/v2/retrieve_tools?${new URLSearchParams({ query, top_k: String(topK) })}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { tools: Array<{ name: string; server: string }> };
  return body.tools.map((tool) => (tool.name.includes('/') ? tool.name : `${tool.server}/${tool.name}`));
}

/** POST /v1/execute_tool as the README shows it: the status and the body. */
export async function executeTool(service: RunningService, key: string, tool: string, params: Record<string, unknown>): Promise<{ status: number; body: string }> {
  const response = await fetch(`${service.base}/v1/execute_tool`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tool_name: tool, params }),
    signal: AbortSignal.timeout(180_000),
  });
  return { status: response.status, body: await response.text() };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
