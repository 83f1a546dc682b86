import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  id: string;
  event: string;
  body: string;
  signature: string;
  /** X-Service-Delivery-Attempt */
  attempt: number;
  status: number;
  at: number;
}

/**
 * A real HTTP webhook receiver on 127.0.0.1 that answers 500 to the first `failFirst`
 * deliveries of every event id, then 200, and records every request it saw.
 */
export async function startReceiver(options: { failFirst: number }) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as { id: string; event: string };
      const count = (seen.get(parsed.id) ?? 0) + 1;
      seen.set(parsed.id, count);
      const status = count <= options.failFirst ? 500 : 200;
      received.push({ id: parsed.id, event: parsed.event, body, signature: String(req.headers['x-service-signature'] ?? ''), attempt: Number(req.headers['x-service-delivery-attempt']), status, at: Date.now() });
      res.statusCode = status;
      res.end(status === 200 ? 'ok' : 'not yet');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver should do (spec, Webhook signatures): HMAC-SHA256 of the raw body, constant-time compare. */
export function verifySignature(secret: string, body: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
