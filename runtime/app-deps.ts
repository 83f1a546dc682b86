import { lookup } from 'node:dns';
import type { Database } from '../db/client.ts';
import type { LookupFunction } from '../mcp/index.ts';
import type { Config } from '../platform/config.ts';
import { createEventPublisher } from '../platform/event-publisher.ts';
import { embeddingApi } from '../platform/embedding-api.ts';
import { healthChecks } from '../platform/health-checks.ts';
import type { Logger } from '../platform/logger.ts';
import type { Secrets } from '../platform/secrets.ts';
import type { TemporalHandle } from '../platform/temporal.ts';
import { expectedCatalog } from '../activities/registry/expected-catalog.ts';
import { catalogState } from '../db/retrieval/readiness.ts';
import { Readiness } from '../search/service/readiness.ts';
import type { SearchIndex } from '../search/service/search-index.ts';
import type { AppDeps } from '../api/context.ts';
import { createRetrievalService } from '../api/services/retrieval/index.ts';

export interface HostParts {
  config: Config;
  secrets: Secrets;
  db: Database;
  temporal: TemporalHandle;
  taskQueue: string;
  search: SearchIndex;
  logger: Logger;
  /** The process's readiness when it follows it itself (runtime/service.ts); else one over `db` and `search`. */
  readiness?: Readiness;
  /** DNS for the API's URL checks: a test's stand-in, else node's dns.lookup. */
  dnsLookup?: LookupFunction;
  /** The rate windows' clock: a test's, else Date.now. */
  now?: () => number;
}

/** The HTTP layer's dependencies from what a hosting process opened: one wiring for the service, tests and benches. */
export function assembleAppDeps(parts: HostParts): Required<AppDeps> {
  const { config, db, temporal, taskQueue, search } = parts;
  const target = { client: temporal.client, taskQueue };
  return {
    config,
    secrets: parts.secrets,
    db,
    temporal: target,
    healthChecks: healthChecks(config, db, temporal, search),
    // In a request, an event starts one fan-out workflow; the worker does the per-subscription work.
    events: createEventPublisher(db, { ...target, fanOut: 'workflow' }),
    retrieval: createRetrievalService({ db, search, temporal: target, logger: parts.logger, embeddingApi: embeddingApi(config) }),
    readiness: parts.readiness ?? new Readiness({ catalog: catalogState(db, () => expectedCatalog(config.DATA_DIR)), search }),
    dnsLookup: parts.dnsLookup ?? (lookup as LookupFunction),
    now: parts.now ?? Date.now,
  };
}
