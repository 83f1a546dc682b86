import type { Client } from '@temporalio/client';
import type { Database } from '../db/client.ts';
import type { Config } from '../platform/config.ts';
import type { LookupFunction } from '../mcp/index.ts';
import type { EventPublisher } from '../platform/event-publisher.ts';
import type { Secrets } from '../platform/secrets.ts';
import type { ReadinessReport } from '../search/service/readiness.ts';
import type { RetrievalService } from './services/retrieval/index.ts';

/** What the HTTP layer needs from the process that hosts it. */
export interface AppDeps {
  config: Config;
  secrets: Secrets;
  db: Database;
  temporal: { client: Client; taskQueue: string };
  /** Named dependency probes for GET /health; each throws when its dependency is down. */
  healthChecks: Record<string, () => Promise<unknown>>;
  events: EventPublisher;
  /**
   * Tool retrieval, query history and indexing over the process's search index. Every process
   * sets it; an app built without it (a bare replica in a test) has no discovery routes.
   */
  retrieval?: RetrievalService;
  /** GET /health/ready: whether retrieval answers as in steady state (search/service/readiness.ts). Absent = nothing to wait for. */
  readiness?: { report(): Promise<ReadinessReport> };
  /**
   * The resolver behind the URL checks made when a webhook or custom server is saved; node's
   * dns.lookup unless a test stands in for DNS. The worker's connect-time check resolves anew.
   */
  dnsLookup?: LookupFunction;
  /**
   * The clock the rate-limit windows count on (ms since the epoch): Date.now unless a test sets
   * the time, so that a test of a per-minute limit need not wait out a minute's edge.
   */
  now?: () => number;
}
