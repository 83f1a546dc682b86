import { createServer } from 'node:http';
import { verifySignature } from '../../webhooks/receiver.ts';

export interface Delivery {
  id: string;
  event: string;
  body: string;
  /** The signature header checked against the subscription's secret when the request arrived. */
  signed: boolean;
  status: number;
}

/**
 * A webhook receiver as the spec asks one to be: it checks each request's signature against the
 * subscription's secret as it arrives (401 when it does not match, so a bad signature shows as
 * an undelivered event), deduplicates by event id, and answers 500 to the first attempt of every
 * `refuseEvery`-th new event id so that retries under load are part of what is proven.
 */
export async function startSignedReceiver(options: { port: number; refuseEvery: number }) {
  const deliveries: Delivery[] = [];
  const attempts = new Map<string, number>();
  let secret: string | undefined;
  let fresh = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: { id?: string; event?: string } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // recorded below with an empty id: an undeliverable body fails the test by name
      }
      const id = String(parsed.id ?? '');
      const signed = secret !== undefined && verifySignature(secret, body, String(req.headers['x-service-signature'] ?? ''));
      const seen = attempts.get(id) ?? 0;
      attempts.set(id, seen + 1);
      if (seen === 0) fresh += 1;
      const refuse = seen === 0 && fresh % options.refuseEvery === 0;
      const status = !signed ? 401 : refuse ? 500 : 200;
      deliveries.push({ id, event: String(parsed.event ?? ''), body, signed, status });
      res.statusCode = status;
      res.end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${options.port}/hook`,
    deliveries,
    /** The subscription's secret, known once it is created. */
    setSecret(value: string) {
      secret = value;
    },
    /** Event ids answered 200 at least once. */
    accepted(): Set<string> {
      return new Set(deliveries.filter((d) => d.status === 200).map((d) => d.id));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
