import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a language model: a real HTTP server speaking the OpenAI-compatible
 * chat-completions API (`POST /v1/chat/completions` with `tools`, answers with `tool_calls`),
 * the one double at the network edge (the model endpoint is outside the service). Each test
 * scripts the answers for its own task, found by a marker in the user message.
 */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
  tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
}

export interface Scripted {
  status?: number;
  body: unknown;
  /** Hold the answer this long (a slow model), or until the stand-in closes. */
  delayMs?: number;
}

/** Answers the n-th request (0-based) of one task. */
export type Script = (request: ChatRequest, n: number) => Scripted;

let ids = 0;

/** A completion that calls tools: [function name, arguments object]. */
export function callsTools(calls: [string, unknown][], usage = { prompt_tokens: 100, completion_tokens: 20 }): Scripted {
  return {
    body: {
      id: `chatcmpl-${++ids}`,
      object: 'chat.completion',
      model: 'stand-in',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: calls.map(([name, args]) => ({ id: `call_${++ids}`, type: 'function', function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) } })),
          },
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/** A completion that answers in words. */
export function answers(text: string, usage = { prompt_tokens: 150, completion_tokens: 10 }): Scripted {
  return {
    body: {
      id: `chatcmpl-${++ids}`,
      object: 'chat.completion',
      model: 'stand-in',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

export class ModelStandIn {
  private readonly scripts = new Map<string, Script>();
  /** Every request per marker, as received. */
  readonly requests = new Map<string, ChatRequest[]>();
  /** Authorization headers received (the key must reach the endpoint). */
  readonly authorizations: (string | undefined)[] = [];
  private readonly held = new Set<ServerResponse>();
  private server?: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** Scripts the task whose user message contains `marker`. */
  script(marker: string, script: Script): void {
    this.scripts.set(marker, script);
    this.requests.set(marker, []);
  }

  requestsOf(marker: string): ChatRequest[] {
    return this.requests.get(marker) ?? [];
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, 404, { error: { message: 'not found' } });
    this.authorizations.push(req.headers.authorization);
    const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    const task = request.messages.find((m) => m.role === 'user')?.content ?? '';
    const marker = [...this.scripts.keys()].find((m) => task.includes(m));
    if (!marker) return send(res, 400, { error: { message: `no script for ${task}` } });
    const seen = this.requests.get(marker) as ChatRequest[];
    seen.push(request);
    let answer: Scripted;
    try {
      answer = (this.scripts.get(marker) as Script)(request, seen.length - 1);
    } catch (error) {
      // A 400 ends the run with the script's complaint in its error: the test sees why.
      return send(res, 400, { error: { message: (error as Error).message } });
    }
    if (answer.delayMs) {
      this.held.add(res);
      await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      this.held.delete(res);
      if (res.destroyed) return;
    }
    send(res, answer.status ?? 200, answer.body);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The offered function whose name ends with `__<tool>` (server-everything's tools as the run names them). */
export function offered(request: ChatRequest, tool: string): string {
  const name = request.tools?.find((t) => t.function.name.endsWith(`__${tool}`))?.function.name;
  if (!name) throw new Error(`${tool} was not offered: ${request.tools?.map((t) => t.function.name).join(', ')}`);
  return name;
}
