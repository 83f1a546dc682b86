import type { Logger } from 'pino';
import type { CatalogState } from './index-store.ts';
import type { SearchIndex } from './search-index.ts';

/** GET /health/ready's body (docs/operators.md "Readiness"). */
export interface ReadinessReport {
  /** starting: the registry sync has not written the catalog yet; indexing: tools still missing from the index or without their vector. */
  status: 'starting' | 'indexing' | 'ready';
  search: { indexed: number; total: number };
  catalog: { synced: number; servers: number };
}

/**
 * Answers from the last evaluation within this window. An evaluation reads every catalog tool
 * row (~8,000) while PGlite shares this thread with the start-up it measures, so pollers and
 * the progress log together cause at most about one per second.
 */
export const READINESS_FRESH_MS = 1_000;

/**
 * "Ready" means retrieval answers as it will in steady state: the database holds the bundled
 * catalog (and the reference servers' listed tools), and every registry tool of the database is
 * in this process's index with its own vector. Derived from the database and the index only,
 * so it holds in every shape: the embedded process, an API replica whose worker runs
 * elsewhere, the embedded index and Elasticsearch. Once ready it stays ready: later registry
 * changes are steady-state work, not a start-up.
 */
export class Readiness {
  private ready?: ReadinessReport;
  private catalogDone?: { synced: number; servers: number };
  private last?: { at: number; report: ReadinessReport };
  private inflight?: Promise<ReadinessReport>;

  constructor(private readonly deps: { catalog: CatalogState; search: SearchIndex }) {}

  report(): Promise<ReadinessReport> {
    if (this.ready) return Promise.resolve(this.ready);
    if (this.last && performance.now() - this.last.at < READINESS_FRESH_MS) return Promise.resolve(this.last.report);
    this.inflight ??= this.evaluate().finally(() => (this.inflight = undefined));
    return this.inflight;
  }

  private async evaluate(): Promise<ReadinessReport> {
    const { catalog: state, search } = this.deps;
    let catalog = this.catalogDone;
    let expectedTools = 0;
    if (!catalog) {
      const { tools, ...seen } = await state.synced();
      catalog = seen;
      expectedTools = tools;
      // The sync writes the catalog in one transaction: once seen whole, it stays whole.
      if (catalog.synced === catalog.servers) this.catalogDone = catalog;
    }
    const ids = await state.registryIds();
    const indexed = await search.searchable(ids);
    const total = this.catalogDone ? ids.length : Math.max(ids.length, expectedTools);
    const status = !this.catalogDone ? 'starting' : indexed < total ? 'indexing' : 'ready';
    const report: ReadinessReport = { status, search: { indexed, total }, catalog };
    this.last = { at: performance.now(), report };
    if (status === 'ready') this.ready = report;
    return report;
  }

  /**
   * Logs the way to ready for a person watching: a line at each status change, at every 10 %
   * of the index and at least every 10 s while nothing moves; then `onReady` once.
   */
  follow(logger: Logger, onReady: (report: ReadinessReport) => void, intervalMs = READINESS_FRESH_MS): () => void {
    let shownStatus = '';
    let shownPercent = -1;
    let shownAt = 0;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        const report = await this.report();
        if (report.status === 'ready') {
          clearInterval(timer);
          onReady(report);
          return;
        }
        const { indexed, total } = report.search;
        const percent = total ? Math.floor((indexed / total) * 100) : 0;
        const now = performance.now();
        if (report.status !== shownStatus || percent >= shownPercent + 10 || now - shownAt >= 10_000) {
          const progress = { indexed, total, percent };
          if (report.status === 'starting') logger.info({ ...progress, catalog: report.catalog }, `waiting for the registry sync to write the bundled catalog (${report.catalog.synced}/${report.catalog.servers} servers)`);
          else logger.info(progress, `indexing the tool catalog: ${percent}% (${indexed}/${total} tools)`);
          shownStatus = report.status;
          shownPercent = percent - (percent % 10);
          shownAt = now;
        }
      } catch (err) {
        logger.warn({ err }, 'readiness check failed');
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void tick(), intervalMs);
    timer.unref();
    void tick();
    return () => clearInterval(timer);
  }
}
