import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Words the stand-in model reads as one concept: its "domain knowledge". `flim`, `zorp` and
 * `krat` are words of a made-up language the default model cannot know, so a query in them is
 * ranked by the stand-in and by the default model differently, on purpose.
 */
const CONCEPTS: Record<string, string> = {
  flim: 'invoice', invoice: 'invoice', invoices: 'invoice', bill: 'invoice', billing: 'invoice',
  zorp: 'weather', weather: 'weather', forecast: 'weather', rain: 'weather',
  krat: 'message', message: 'message', messages: 'message', chat: 'message', post: 'message',
};
const STOP = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'for', 'to', 'in', 'on', 'with', 'by', 'at', 'from', 'into', 'is', 'it', 'its', 'this', 'that', 'tool', 'name', 'server', 'description']);

/** A ±1 pseudo-random direction per concept: deterministic, nearly orthogonal for different concepts. */
function direction(concept: string, dimensions: number): Float64Array {
  const out = new Float64Array(dimensions);
  let block = Buffer.alloc(0);
  for (let i = 0; i < dimensions; i++) {
    if (i % 256 === 0) block = createHash('sha256').update(`${concept}#${i / 256}`).digest();
    out[i] = (block[(i % 256) >> 3] >> (i % 8)) & 1 ? 1 : -1;
  }
  return out;
}

const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !STOP.has(w));

/** The stand-in model: a bag of concepts projected to `dimensions`, unit length. Tests rank with it too. */
export function standInVector(text: string, dimensions: number): number[] {
  const sum = new Float64Array(dimensions);
  for (const word of wordsOf(text)) {
    const d = direction(CONCEPTS[word] ?? word, dimensions);
    for (let i = 0; i < dimensions; i++) sum[i] += d[i];
  }
  const norm = Math.hypot(...sum) || 1;
  return [...sum].map((v) => v / norm);
}

export const cosine = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);

/**
 * A real HTTP server speaking the OpenAI embeddings API (POST /v1/embeddings {model, input} →
 * {object: "list", data: [{object, index, embedding}], model, usage}) with the stand-in model.
 * Checks the bearer key; answers 404 for a model it does not serve. `failNext(n, status)`
 * fails the next n requests; `down(true)` drops every connection without an answer; `hang(true)`
 * keeps them open without one.
 */
export async function startEmbeddingsStandIn(options: { apiKey: string; models: Record<string, number> }) {
  const requests: { model: string; texts: string[]; status: number }[] = [];
  let failing: { left: number; status: number } = { left: 0, status: 503 };
  let isDown = false;
  let hanging = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return JSON.parse(text || '{}') as { model?: unknown; input?: unknown };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (isDown) {
      req.socket.destroy();
      return;
    }
    // Never answers (status 0 in `requests`); closeAllConnections at close() ends such requests.
    if (hanging) {
      requests.push({ model: '', texts: [], status: 0 });
      return;
    }
    const body = await readBody(req);
    const model = typeof body.model === 'string' ? body.model : '';
    const texts = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input.map(String) : [];
    const record = (status: number) => requests.push({ model, texts, status });
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') return send(res, 404, { error: { message: 'not found' } });
    if (failing.left > 0) {
      failing.left--;
      record(failing.status);
      return send(res, failing.status, { error: { message: 'the stand-in is overloaded', type: 'server_error' } });
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      record(401);
      return send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    }
    const dimensions = options.models[model];
    if (!dimensions) {
      record(404);
      return send(res, 404, { error: { message: `The model \`${model}\` does not exist`, type: 'invalid_request_error' } });
    }
    record(200);
    const tokens = texts.reduce((n, t) => n + wordsOf(t).length + 1, 0);
    send(res, 200, {
      object: 'list',
      data: texts.map((t, index) => ({ object: 'embedding', index, embedding: standInVector(t, dimensions) })),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Texts embedded successfully so far. */
    embeddedTexts: () => requests.filter((r) => r.status === 200).reduce((n, r) => n + r.texts.length, 0),
    failNext(n: number, status = 503) {
      failing = { left: n, status };
    },
    down(value: boolean) {
      isDown = value;
    },
    /** Takes requests and never answers them. */
    hang(value: boolean) {
      hanging = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
