import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import { api } from '../../api/client.ts';
import { Page } from '../../ui/page.tsx';
import { Empty, ErrorNotice, QueryView } from '../../ui/states.tsx';
import { ScoreBars } from './score-bars.tsx';
import { RunState } from '../../ui/run-state.tsx';
import { toolPath } from './types.ts';

const TOP_K = 10;

/** The caller's servers (GET /mcp_servers): the choices of the server and category filters. */
function useServers() {
  return useQuery({
    queryKey: ['mcp_servers'],
    queryFn: ({ signal }) => api.get('/mcp_servers', { signal }),
    staleTime: 5 * 60_000,
    select: (answer) => answer.servers.filter((server) => server.tools_count > 0).sort((a, b) => a.display_name.localeCompare(b.display_name)),
  });
}

/**
 * Discover: a query ranked by GET /v2/retrieve_tools (recorded as a `dashboard` query event),
 * each result with its score breakdown. The query and filters live in the address, so a
 * reload, the back button or a shared link shows the same search.
 */
export function DiscoverPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const server = params.get('server') ?? '';
  const category = params.get('category') ?? '';

  const [typed, setTyped] = useState({ query, server, category });
  // Back and forward change the address under the form: show what the address says.
  useEffect(() => setTyped({ query, server, category }), [query, server, category]);

  const servers = useServers();
  const categories = [...new Set((servers.data ?? []).map((s) => s.category))].sort();

  const results = useQuery({
    queryKey: ['retrieve', query, server, category],
    queryFn: ({ signal }) =>
      api.get('/v2/retrieve_tools', { signal, query: { query, top_k: TOP_K, 'filter.server': server, 'filter.category': category } }),
    enabled: query.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.query.trim()) next.set('q', typed.query.trim());
    if (typed.server) next.set('server', typed.server);
    if (typed.category) next.set('category', typed.category);
    setParams(next);
  };

  return (
    <Page title="Discover tools">
      <form className="card discover-form" role="search" onSubmit={submit}>
        <div className="discover-query">
          <label htmlFor="discover-q">What do you want to do?</label>
          <input
            id="discover-q"
            type="search"
            value={typed.query}
            onChange={(event) => setTyped({ ...typed, query: event.target.value })}
            placeholder="e.g. echo a message back"
            maxLength={500}
            autoComplete="off"
          />
        </div>
        <div className="discover-filter">
          <label htmlFor="discover-server">Server</label>
          <select id="discover-server" value={typed.server} onChange={(event) => setTyped({ ...typed, server: event.target.value })} disabled={!servers.data}>
            <option value="">All servers</option>
            {(servers.data ?? []).map((s) => (
              <option key={s.name} value={s.name}>
                {s.display_name}
                {s.enabled ? '' : ' (disabled)'}
              </option>
            ))}
          </select>
        </div>
        <div className="discover-filter">
          <label htmlFor="discover-category">Category</label>
          <select id="discover-category" value={typed.category} onChange={(event) => setTyped({ ...typed, category: event.target.value })} disabled={!servers.data}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="discover-submit">
          Search
        </button>
        {servers.isError && (
          <div className="discover-filter-error">
            <ErrorNotice error={servers.error} retry={() => void servers.refetch()} />
          </div>
        )}
      </form>

      {!query ? (
        <Empty>Describe a task in your own words; the tools that fit it best come first, with why they scored as they did.</Empty>
      ) : (
        <QueryView query={results} isEmpty={(data) => data.tools.length === 0} empty={<>No tool matches “{query}”{server || category ? ' with these filters' : ''}. Try other words or fewer filters.</>}>
          {(data) => (
            <div aria-busy={results.isFetching} className={results.isPlaceholderData ? 'stale' : undefined}>
              <p className="hint" role="status">
                {data.tools.length} of {data.total_tools_searched} tools searched in {data.query_time_ms} ms
                {data.selected_capability !== 'general' && <> · capability “{data.selected_capability}”</>}
                {data.query_rewritten && data.query_rewritten !== query && <> · read as “{data.query_rewritten}”</>}
              </p>
              <ol className="results">
                {data.tools.map((tool) => (
                  <li key={`${tool.server}/${tool.name}`} className="card result">
                    <div className="result-head">
                      <h2>
                        <Link href={toolPath(tool.server, tool.name)}>{tool.name}</Link>
                      </h2>
                      <span className="badge">{tool.server}</span>
                      {tool.category && <span className="badge">{tool.category}</span>}
                      {tool.availability && tool.availability.status !== 'ok' && (
                        // Demoted, not hidden: say why, in the badge's title and to screen readers.
                        <span className={`badge ${tool.availability.status === 'unavailable' ? 'bad' : 'warn'}`} title={tool.availability.reasons.map((r) => r.message).join('; ')}>
                          {tool.availability.status === 'unavailable' ? 'Unavailable' : 'Degraded'}
                          <span className="sr-only">: {tool.availability.reasons.map((r) => r.message).join('; ')}</span>
                        </span>
                      )}
                      <RunState availability={tool.availability} server={tool.server} />
                      <span className="result-score" title="Overall relevance">
                        {Math.round(tool.score * 100)}%
                      </span>
                    </div>
                    <p className="result-description">{tool.description || 'No description.'}</p>
                    <ScoreBars tool={tool} />
                  </li>
                ))}
              </ol>
            </div>
          )}
        </QueryView>
      )}
    </Page>
  );
}
