import { createRequire } from 'node:module';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import { workflowSpanExport } from './tracing.ts';

const require = createRequire(import.meta.url);

/**
 * What a worker adds when traces are on (issue 19): Temporal's OpenTelemetry workflow
 * interceptors in the workflow bundle (spans made inside the sandbox, deterministically, and
 * handed out through a sink: no I/O in workflow code), the activity interceptors (an activity
 * span, child of the workflow's, active while the activity runs, so our MCP tools/call span
 * hangs under it), and the sink that exports workflow spans with this process's processor.
 * Undefined when traces are off: the worker is then exactly what it was.
 */
export function workerTracing():
  | { workflowModules: string[]; activity: ActivityInterceptorsFactory; sinks: InjectedSinks<OpenTelemetrySinks> }
  | undefined {
  const exportTo = workflowSpanExport();
  if (!exportTo) return undefined;
  return {
    workflowModules: [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')],
    activity: (ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) }),
    sinks: { exporter: makeWorkflowExporter(exportTo.processor, exportTo.resource) },
  };
}
