import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { RunState } from '../../ui/run-state.tsx';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { QueryView } from '../../ui/states.tsx';
import { RunForm } from './run-form.tsx';
import { Json } from './tool-result.tsx';

/**
 * One example as the spec describes it (name, input, output): the service declares examples as
 * open objects, so each field is read for what it is.
 */
function exampleOf(item: Record<string, unknown>): { name?: string; input?: Record<string, unknown>; output?: unknown } {
  const input = typeof item.input === 'object' && item.input !== null && !Array.isArray(item.input) ? (item.input as Record<string, unknown>) : undefined;
  return { name: typeof item.name === 'string' ? item.name : undefined, input, output: item.output };
}

/** A path segment as the person's address bar holds it (the router leaves %2F encoded). */
function segment(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
}

/** One tool (GET /v1/tools/{name}?server=): what it does, its schemas and examples, and its Run form. */
export function ToolPage({ params }: { params: Record<string, string | undefined> }) {
  const server = segment(params.server);
  const name = segment(params.name);
  const tool = useQuery({
    queryKey: ['tool', server, name],
    queryFn: ({ signal }) => api.get('/v1/tools/{tool_name}', { params: { tool_name: name }, signal, query: { server } }),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });
  // Picking an example fills the form with its input: a new form, keyed by the pick.
  const [example, setExample] = useState<{ pick: number; input: Record<string, unknown> } | undefined>();

  return (
    <Page title={name || 'Tool'}>
      <p className="hint">
        <Link href="/discover">← Discover</Link>
      </p>
      <QueryView query={tool}>
        {(detail) => (
          <div className="tool-page">
            <div className="card">
              <p className="tool-description">{detail.description || 'No description.'}</p>
              <dl className="facts">
                <dt>Server</dt>
                <dd>
                  <code>{detail.server}</code> <RunState availability={detail.availability} server={detail.server} />
                </dd>
                <dt>Category</dt>
                <dd>{detail.category ?? '—'}</dd>
                {detail.tags.length > 0 && (
                  <>
                    <dt>Tags</dt>
                    <dd>
                      {detail.tags.map((tag) => (
                        <span key={tag} className="badge">
                          {tag}
                        </span>
                      ))}
                    </dd>
                  </>
                )}
                {detail.authentication_required && (
                  <>
                    <dt>Needs</dt>
                    <dd>
                      <code>{detail.authentication_required}</code>
                    </dd>
                  </>
                )}
                {detail.rate_limit && (
                  <>
                    <dt>Rate limit</dt>
                    <dd>{detail.rate_limit.requests_per_hour} calls an hour</dd>
                  </>
                )}
              </dl>
            </div>

            <section className="card" aria-labelledby="run-title">
              <h2 id="run-title">Run</h2>
              <RunForm key={example?.pick ?? -1} tool={detail} initial={example?.input} />
            </section>

            {detail.examples.length > 0 && (
              <section aria-labelledby="examples-title">
                <h2 id="examples-title">Examples</h2>
                {detail.examples.map(exampleOf).map((item, index) => (
                  <div className="card" key={index}>
                    <h3>{item.name ?? `Example ${index + 1}`}</h3>
                    <div className="example">
                      <div>
                        <p className="hint">Input</p>
                        <Json value={item.input ?? {}} />
                      </div>
                      {item.output !== undefined && (
                        <div>
                          <p className="hint">Output</p>
                          <Json value={item.output} />
                        </div>
                      )}
                    </div>
                    {item.input && (
                      <button type="button" className="secondary" onClick={() => setExample({ pick: index, input: item.input ?? {} })}>
                        Use this input
                      </button>
                    )}
                  </div>
                ))}
              </section>
            )}

            <section aria-labelledby="schemas-title">
              <h2 id="schemas-title">Schemas</h2>
              <details className="card" open>
                <summary>Input schema</summary>
                <Json value={detail.inputSchema} />
              </details>
              <details className="card">
                <summary>Output schema</summary>
                {detail.outputSchema ? <Json value={detail.outputSchema} /> : <p className="hint">The tool declares no output schema.</p>}
              </details>
            </section>
          </div>
        )}
      </QueryView>
    </Page>
  );
}
