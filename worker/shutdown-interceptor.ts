import type { Context } from '@temporalio/activity';
import type { ActivityInterceptors } from '@temporalio/worker';

/** The reason the worker gives activities it cancels once the shutdown grace time is over. */
const WORKER_SHUTDOWN = 'WORKER_SHUTDOWN';

/**
 * Once the grace time after a shutdown request is over, the worker cancels the activities
 * still running, and then waits for each to settle. An activity that does not watch its
 * cancellation signal (a long embedding batch, a library call without an AbortSignal) kept
 * the worker — and the process — alive past any grace time. This settles the attempt the
 * moment the worker cancels it for shutdown: the core reports it as a retryable failure, so
 * the server retries it on the next worker that polls (the next start). The abandoned call
 * runs on until the process exits; activities are idempotent, so its late effects are safe.
 * Cancellations the workflow asked for are left to the activity, as before.
 */
export function settleOnShutdown(ctx: Context): ActivityInterceptors {
  return {
    inbound: {
      execute(input, next) {
        const work = next(input);
        const shutdown = ctx.cancelled.then(
          () => new Promise<never>(() => {}),
          (reason: unknown) => {
            if (reason instanceof Error && reason.message === WORKER_SHUTDOWN) throw reason;
            return new Promise<never>(() => {});
          },
        );
        // The loser's outcome is no longer anyone's business; it must not surface as unhandled.
        work.catch(() => {});
        return Promise.race([work, shutdown]);
      },
    },
  };
}
