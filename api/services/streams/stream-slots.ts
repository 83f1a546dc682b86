import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { acquireStreamLease, releaseStreamLeases, renewStreamLeases } from '../../../db/jobs/stream-leases.ts';
import type { Plan } from '../../../db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import { AppError } from '../../errors.ts';
import { JOB_STREAM_LIMITS, STREAM_RETRY_AFTER_SECONDS } from '../jobs/stream-limits.ts';

/** Leases are renewed this often, well inside their lifetime. */
const RENEW_MS = 15_000;
/** A replica that dies leaves its leases; they stop counting after this. */
const LEASE_TTL_SECONDS = 60;

/**
 * A user's open event streams (job and agent-run streams alike) against the plan's allowance,
 * counted across replicas through leases in the database (decisions.md, "Job streams"). Each
 * holder renews the leases it took; any number of holders share a user's one allowance.
 */
export class StreamSlots {
  private readonly held = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {
    this.timer = setInterval(() => this.renew(), RENEW_MS);
    this.timer.unref();
  }

  /** A slot for one stream of `subjectId` (a job or a run), before any header is sent: 429 RATE_LIMITED beyond the plan's, 503 once closing. */
  async take(user: { id: string; plan: Plan }, subjectId: string): Promise<string> {
    if (this.closed) throw new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down; reconnect shortly');
    const limit = JOB_STREAM_LIMITS[user.plan];
    const lease = randomUUID();
    if (!(await acquireStreamLease(this.db, { id: lease, userId: user.id, jobId: subjectId, limit, ttlSeconds: LEASE_TTL_SECONDS }))) {
      throw new AppError(
        'RATE_LIMITED',
        `The ${user.plan} plan allows ${limit} open streams; close one first`,
        { scope: 'job_streams', plan: user.plan, limit },
        { retry_after: STREAM_RETRY_AFTER_SECONDS },
      );
    }
    this.held.add(lease);
    return lease;
  }

  async release(lease: string): Promise<void> {
    this.held.delete(lease);
    await releaseStreamLeases(this.db, [lease]).catch((err) => this.log.warn({ err }, 'stream lease not released; it expires'));
  }

  /** No slot is given from now on (the process is shutting down). */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private renew(): void {
    renewStreamLeases(this.db, [...this.held], LEASE_TTL_SECONDS).catch((err) => this.log.warn({ err }, 'stream leases not renewed'));
  }
}
