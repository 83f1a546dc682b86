import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Logger } from '../logger.ts';
import { EXPOSITION_CONTENT_TYPE, renderMetrics } from './exposition.ts';

/**
 * The separate metrics listener (METRICS_PORT on METRICS_HOST, loopback by default): GET
 * /metrics, guarded by its address and, with a `token` (METRICS_TOKEN), by
 * `Authorization: Bearer <token>` as well. Worker processes have no API to hang /metrics on, so
 * this is how they are scraped; an API process may open one too, next to its
 * admin-key-guarded GET /metrics.
 */
export async function startMetricsServer(host: string, port: number, logger: Logger, token?: string): Promise<{ url: string; close(): Promise<void> }> {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    // Digests of equal length, so the comparison takes the same time whatever was sent.
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n');
      return;
    }
    renderMetrics().then(
      (body) => res.writeHead(200, { 'content-type': EXPOSITION_CONTENT_TYPE }).end(body),
      (err: unknown) => {
        logger.warn({ err }, 'metrics could not be rendered');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/metrics`;
  logger.info({ url }, 'metrics listening');
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
