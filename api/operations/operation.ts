import type { z } from 'zod';
import type { AppDeps } from '../context.ts';
import type { AuthLevel, RateScope } from '../route-config.ts';

/** Who a call acts for, as every face hands it to an operation: plain data, no request. */
export interface OperationCaller {
  deps: AppDeps;
  userId: string;
  /** The REST request's id, for the audit log of an audited operation (credentials); absent on MCP faces. */
  requestId?: string;
}

/** A caller that may be the admin key acting for no user (direct execution's REST forms). */
export interface RunCaller {
  deps: AppDeps;
  userId: string | null;
  /** The address the caller reached us at, for absolute links (setup pages); absent: links are paths. */
  origin?: string;
}

/** MCP tool annotations (2025-11-25): hints to a client, required so no tool leaves them to chance. */
export interface Annotations {
  readOnlyHint: boolean;
  openWorldHint: boolean;
  destructiveHint?: boolean;
}

/** What a call becomes when it runs as a job (an MCP task, or a progress relay): submit_job's words. */
export interface JobRequest {
  tool: string;
  arguments: Record<string, unknown>;
  timeout_ms?: number;
}

interface OperationBase<In extends z.ZodType, Out extends z.ZodType, C> {
  /** The MCP tool name, and the operation's name in logs. */
  name: string;
  description: string;
  /** The arguments: the MCP tool's input, the REST body or query of the same fields. */
  input: In;
  /** The success answer: REST's data, MCP's structuredContent. */
  output: Out;
  /**
   * What the MCP tool publishes as its outputSchema when that differs from `output`: a
   * task-capable tool may answer with the finished job instead (its task result).
   */
  mcpOutput?: z.ZodType;
  /** The auth level of its REST route (endpoints.tsv); the MCP faces are all "user". */
  auth: AuthLevel;
  /** The rate-limit scope a call counts against on every face; null: not limited, as on REST. */
  rateScope: RateScope | null;
  /** Error statuses beyond those its auth level and rate scope imply (route-config.ts). */
  errorStatuses: readonly number[];
  annotations: Annotations;
  /** The service call: the one place a face's arguments become a result. */
  call(caller: C, args: z.output<In>): Promise<z.input<Out>>;
  /** MCP's short text beside the structured result (or the tool's own content blocks, as content). */
  text(data: z.input<Out>, args: z.output<In>): string;
  /** A tool run's own result, whose content blocks MCP shows instead of `text` (execute_tool). */
  toolResult?(data: z.input<Out>): Record<string, unknown>;
}

/** Task support is a type: a tool that may run as a task must say which job it becomes. */
export type Operation<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType, C = OperationCaller> = OperationBase<In, Out, C> &
  (
    | { taskSupport: 'forbidden' }
    | {
        taskSupport: 'optional';
        asJob(args: z.output<In>): JobRequest;
        /** With a progressToken the call runs as its job and waits, relaying progress (only jobs report it). */
        followsJobForProgress?: boolean;
      }
  );

/** Declares one operation; the identity, for the inference of its argument and result types. */
export function defineOperation<In extends z.ZodType, Out extends z.ZodType, C = OperationCaller>(operation: Operation<In, Out, C>): Operation<In, Out, C> {
  return operation;
}

/**
 * The REST route config of an operation: its auth, rate scope and error statuses, as declared.
 * An address form may override them (the public catalog's read of a tool: no auth, public_read).
 */
export function restConfig(operation: Pick<Operation, 'auth' | 'rateScope' | 'errorStatuses'>, overrides: { auth?: AuthLevel; rateScope?: RateScope; errorStatuses?: readonly number[] } = {}) {
  const rateScope = overrides.rateScope ?? operation.rateScope;
  return {
    auth: overrides.auth ?? operation.auth,
    ...(rateScope ? { rateScope } : {}),
    errorStatuses: overrides.errorStatuses ?? operation.errorStatuses,
  };
}
