import { Context } from '@temporalio/activity';
import { EXECUTION_FAILURES } from '../../contracts/index.ts';
import type { CallRoute, ToolCallOutcome, ToolExecutionInput } from '../../contracts/index.ts';
import { setProgress } from '../../db/jobs/job-run-writes.ts';
import { shownServerName } from '../../db/registry/server-keys.ts';
import { McpCancelledError, McpToolRefusedError } from '../../mcp/index.ts';
import { findPendingHold } from '../../db/trust/holds.ts';
import { PackageInstallError, packageSpec } from '../../package-store/index.ts';
import type { Placement } from '../instances/launcher.ts';
import type { CallToolOutcome, ToolProgress } from '../../mcp/index.ts';
import { observeToolCall } from '../../platform/telemetry/tool-calls.ts';
import { answered, unanswered } from './call-outcome.ts';
import type { ExecutionDeps } from './deps.ts';
import { policyAfterStart } from './policy-after-start.ts';
import { withoutQuery } from './safe-error.ts';

/** Heartbeats also flow without progress, so a silent long tool is not taken for a dead worker. */
const HEARTBEAT_EVERY_MS = 2_000;
/** Progress is written to the job row at most this often (the SSE stream polls that row). */
const PROGRESS_WRITE_MS = 200;
/** A run whose server's package could not be installed: EXECUTION_ERROR naming the package (decisions.md "Running what we find"). */
function installFailed(error: PackageInstallError, input: ToolExecutionInput): ToolCallOutcome {
  const pkg = `${error.ref.registry} ${packageSpec(error.ref)}`;
  const message = `Server ${shownServerName(input.server)} could not be installed (${pkg}, ${error.reason}): ${error.message.slice(0, 500)}`;
  return { kind: 'rejected', error: { code: EXECUTION_FAILURES.toolError, message, details: { install_failed: error.reason, package: pkg } } };
}

/**
 * The task queue of another worker holding the caller's warm instance, or null: call here (no
 * routing in this process, the call was sent here already, or no live worker holds one).
 */
export async function holderElsewhere(deps: ExecutionDeps, input: ToolExecutionInput, route?: CallRoute): Promise<string | null> {
  if (route?.here || !deps.routing) return null;
  return deps.routing.elsewhere(input.server, input.userId, (key) => deps.mcp.has(key));
}

export function toJobProgress(p: ToolProgress) {
  const total = p.total && p.total > 0 ? p.total : undefined;
  return {
    current_step: p.message ?? (total ? `${p.progress} of ${total}` : String(p.progress)),
    total_steps: total ?? 0,
    percentage: total ? Math.min(100, Math.round((p.progress / total) * 100)) : 0,
  };
}

/**
 * Runs tools/call once within the time limit and returns what it came to as a value
 * (call-outcome.ts). The API resolved the tool and checked its arguments before the run
 * started; only the server's launch config is read here (it may hold secrets, so it never
 * travels in the workflow input). Nothing is written but progress: recording is a separate
 * activity, so no failure to record can call the tool again.
 *
 * Thrown for a retry: a call that got no answer (MCP_UNAVAILABLE: the request never left, or
 * the server died before answering) and faults of ours before the call (the launch lookup). Progress notifications become heartbeats (and the job's
 * progress); activity cancellation aborts the MCP call, which sends notifications/cancelled.
 */
export function createCallTool(deps: ExecutionDeps) {
  return async function callTool(input: ToolExecutionInput): Promise<ToolCallOutcome> {
    const ctx = Context.current();
    let last: ToolProgress | undefined;
    let lastWrite = 0;
    // Progress writes in order, and all of them done before the run is recorded: the recording
    // follows at once (in runJob), and a write landing after the final state would be dropped.
    let progressWrites = Promise.resolve();
    // The latest progress held back by the write interval, written when it ends (or at the end).
    let pending: { progress: ToolProgress; timer: NodeJS.Timeout } | undefined;
    // Local activities (direct calls) have no heartbeats: their worker is the workflow's.
    const heartbeat = (details: unknown) => (ctx.info.isLocal ? undefined : ctx.heartbeat(details));
    const beat = setInterval(() => heartbeat(last), HEARTBEAT_EVERY_MS);
    const write = (p: ToolProgress) => {
      clearTimeout(pending?.timer);
      pending = undefined;
      lastWrite = Date.now();
      // Only the database's own words: a failed statement's parameters stay out of the log.
      const progress = toJobProgress(p);
      progressWrites = progressWrites
        .then(() => setProgress(deps.db, input.executionId, progress))
        .catch((err: unknown) => ctx.log.warn('progress write failed', { err: withoutQuery(err).message }));
    };
    const onProgress = (p: ToolProgress) => {
      last = p;
      heartbeat(p);
      if (input.mode !== 'job') return;
      const wait = PROGRESS_WRITE_MS - (Date.now() - lastWrite);
      if (wait <= 0 || p.progress === p.total) return write(p);
      // A burst's last step is written when the interval ends, never lost (an install's steps come in bursts).
      clearTimeout(pending?.timer);
      pending = { progress: p, timer: setTimeout(() => write(p), wait) };
    };
    /** Stops the heartbeats and writes what is held back; the run is recorded after this. */
    const settleProgress = () => {
      clearInterval(beat);
      if (pending) write(pending.progress);
      return progressWrites;
    };
    // A first call of a never-installed package waits for its install here; its steps are progress.
    let step = 0;
    let placed: Placement;
    try {
      placed = await deps.instances.place(input.server, input.userId, { onProgress: (message) => onProgress({ progress: ++step, message }), signal: ctx.cancellationSignal });
    } catch (error) {
      await settleProgress();
      // The package cannot be installed: this run fails, naming it; nothing stays in the store, the next run tries again.
      if (error instanceof PackageInstallError) return installFailed(error, input);
      throw withoutQuery(error);
    }
    // Removed or made unrunnable between the API's check and this run (a queued job).
    if (!placed.ok) {
      await settleProgress();
      return { kind: 'rejected', error: { code: EXECUTION_FAILURES.toolNotFound, message: `Tool ${input.tool} is not available on ${shownServerName(input.server)}: ${placed.reason}`, details: {} } };
    }
    // A user's instance has a key of its own; only the pool sees it (errors and metrics name the server).
    const { poolKey } = placed;
    // The next call of this user finds it here, whichever worker it lands on.
    await deps.routing?.placed(poolKey, input.server);
    const perUser = poolKey !== input.server;
    /** A call (or the session's opening) that threw: what the run comes to, or thrown for a retry. */
    const thrown = (error: unknown, durationMs: number): ToolCallOutcome => {
      // Canceled by the workflow: report a cancellation, not a failure, so the run ends Canceled.
      if (error instanceof McpCancelledError) throw ctx.cancellationSignal.aborted ? ctx.cancellationSignal.reason : error;
      // The instance key is the pool's; the caller knows the server by its name.
      if (perUser && error instanceof Error) error.message = error.message.replaceAll(poolKey, input.server);
      return unanswered(error, input, durationMs);
    };
    // A first start may have just taught the pin the tool's annotations: the policy decides again.
    const starting = performance.now();
    const refused = await policyAfterStart(deps, input, poolKey, ctx.cancellationSignal).catch(async (error: unknown) => {
      await settleProgress();
      return thrown(error, Math.round(performance.now() - starting));
    });
    if (refused) {
      await settleProgress();
      return refused;
    }
    // The start counts against the tool's limit, as it did when the call itself opened the session.
    const limitMs = Math.max(1, input.timeLimitMs - Math.round(performance.now() - starting));
    // The MCP tools/call span and duration histogram (issue 19) around the call and its reading.
    // `meta`: the trace context for the server, when tracing is on.
    return observeToolCall(input.server, input.tool, async (meta) => {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let outcome: CallToolOutcome;
      let durationMs: number;
      try {
        const callOnce = () => deps.mcp.callTool(poolKey, input.tool, input.arguments, { timeoutMs: limitMs, signal: ctx.cancellationSignal, onProgress, meta });
        outcome = await callOnce().catch(async (error: unknown) => {
          // Refused by the check when this instance started; an admin may have decided the hold since (approved or rejected).
          if (!(error instanceof McpToolRefusedError) || (await findPendingHold(deps.db, input.tool, input.server))) throw error;
          deps.mcp.liftRefusal(poolKey, input.tool);
          return callOnce();
        });
        durationMs = elapsed();
      } catch (error) {
        return thrown(error, elapsed());
      } finally {
        await settleProgress();
      }
      return answered(outcome, input, durationMs);
    });
  };
}
