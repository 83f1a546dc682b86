import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../../api/client.ts';
import { ErrorNotice } from '../../ui/states.tsx';
import { ToolResult } from './tool-result.tsx';
import { jobPath, toolRef, type Executed, type JsonSchema, type ToolDetail } from './types.ts';

type Args = Record<string, unknown>;

/**
 * The schema as rjsf should read it: `$schema` may name a draft its ajv has no meta-schema for
 * (tools publish 2020-12 too), and the keywords of the draft are the same for a form.
 */
function formSchema(schema: JsonSchema): RJSFSchema {
  const { $schema: _draft, $id: _id, ...rest } = schema;
  return { type: 'object', ...rest } as RJSFSchema;
}

/**
 * The argument an error names, as a path into the arguments: INVALID_ARGUMENTS' `argument`
 * (`a.b`) or INVALID_REQUEST's `details.parameter` (`params.a.b`). Undefined when it names
 * none, or names something the form has no field for (then the error goes above the form).
 */
export function argumentPath(error: ApiError, schema: JsonSchema): string[] | undefined {
  if (!error.field) return undefined;
  const path = error.field.replace(/^(params|arguments)\./, '').split('.').filter(Boolean);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  if (path.length === 0 || !(path[0]! in properties)) return undefined;
  return path;
}

/** rjsf's error tree for one message at one path: `{a: {b: {__errors: [message]}}}`. */
function errorAt(path: string[], message: string): ErrorSchema {
  let tree: Record<string, unknown> = { __errors: [message] };
  for (const key of [...path].reverse()) tree = { [key]: tree };
  return tree as ErrorSchema;
}

type Outcome = { kind: 'ran'; executed: Executed };

/**
 * Run: a form generated from the tool's inputSchema (rjsf: types, required fields, enums,
 * defaults). The service is the one judge of the arguments (it checks them against the same
 * schema on every run), so the form does not validate on its own: an error that names an
 * argument is shown at that field, any other above the form. "Run now" calls
 * POST /v1/execute_tool and shows the result; "Run as job" calls POST /jobs/submit and opens
 * the job's page.
 */
export function RunForm({ tool, initial }: { tool: ToolDetail; initial?: Args }) {
  const [, navigate] = useLocation();
  const schema = useMemo(() => formSchema(tool.inputSchema), [tool.inputSchema]);
  const [args, setArgs] = useState<Args>(initial ?? {});
  const mode = useRef<'direct' | 'job'>('direct');
  const ref = toolRef(tool.server, tool.name);

  const run = useMutation<Outcome | undefined, unknown, { how: 'direct' | 'job'; args: Args }>({
    mutationFn: async ({ how, args }) => {
      if (how === 'job') {
        const job = await api.post('/jobs/submit', { body: { tool: ref, arguments: args } });
        navigate(jobPath(job.job_id));
        return undefined;
      }
      const answer = await api.post('/v1/execute_tool', { body: { tool_name: ref, params: args } });
      return { kind: 'ran', executed: answer.data };
    },
  });

  // A new result takes the focus, so a keyboard or screen-reader user lands on what the run answered.
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // A layout effect: the focus moves in the same commit that shows the result.
  useLayoutEffect(() => {
    if (run.data) resultHeading.current?.focus();
  }, [run.data]);

  const failure = run.error;
  const fieldPath = failure instanceof ApiError ? argumentPath(failure, schema as JsonSchema) : undefined;
  const extraErrors = fieldPath && failure instanceof ApiError ? errorAt(fieldPath, failure.message) : undefined;
  const hasFields = Object.keys((schema.properties ?? {}) as object).length > 0;

  return (
    <div className="run">
      {failure !== null && !extraErrors && <ErrorNotice error={failure} />}
      {extraErrors && (
        <p className="state state-error" role="alert">
          The service refused the arguments: see the field marked below.
        </p>
      )}
      <Form
        className="run-form"
        schema={schema}
        validator={validator}
        formData={args}
        onChange={(event) => setArgs((event.formData ?? {}) as Args)}
        onSubmit={(event) => run.mutate({ how: mode.current, args: (event.formData ?? {}) as Args })}
        extraErrors={extraErrors}
        noValidate
        noHtml5Validate
        showErrorList={false}
        idPrefix="arg"
        disabled={run.isPending}
      >
        {!hasFields && <p className="hint">This tool takes no arguments.</p>}
        <div className="button-row">
          <button type="submit" onClick={() => (mode.current = 'direct')} disabled={run.isPending}>
            {run.isPending && run.variables?.how === 'direct' ? 'Running…' : 'Run now'}
          </button>
          <button type="submit" className="secondary" onClick={() => (mode.current = 'job')} disabled={run.isPending}>
            {run.isPending && run.variables?.how === 'job' ? 'Submitting…' : 'Run as job'}
          </button>
        </div>
        <p className="hint">Run now waits for the answer (best for calls of a few seconds); a job runs in the background and can be followed live.</p>
      </Form>
      {run.data?.kind === 'ran' && (
        <section className="card run-result" aria-labelledby="run-result-title">
          <h2 id="run-result-title" tabIndex={-1} ref={resultHeading}>
            Result
          </h2>
          <p className="hint">
            Ran in {run.data.executed.execution_time_ms} ms · execution <code>{run.data.executed.execution_id}</code>
          </p>
          <ToolResult result={run.data.executed.result} />
        </section>
      )}
    </div>
  );
}
