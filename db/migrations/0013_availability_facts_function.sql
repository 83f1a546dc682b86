-- The availability facts of a retrieval's candidates (db/retrieval/availability-facts.ts), as a
-- function so that its one statement is planned once per connection and not on every retrieval:
-- PL/pgSQL keeps the plan of the statement below, where a plain statement sent with parameters
-- was planned each time (PGlite has no named prepared statements). Measured on PGlite, 100
-- candidates: 1.22 ms p50 as a statement through drizzle, 0.38 ms as this function
-- (docs/decisions.md "Analysis kept with the document; the facts statement as a database
-- function"). Its parameters never change a plan's estimates (jsonb_to_recordset is always 100
-- rows; the rest are key lookups), so the generic plan is the one the statement got anyway. Hand-written: drizzle-kit does not model functions; a change
-- to the query is a new migration with CREATE OR REPLACE.
-- What it reads: the servers' health, launch and authentication rows; the user's plan; per
-- candidate tool its last RECENT runs of the last week (all users, through tool_runs'
-- (server, tool, created_at) index) and the user's successful runs of the last 30 days; and the
-- user's scope rows (enabled servers, own servers, active embedding space).
CREATE FUNCTION "availability_facts"("wanted_tools" jsonb, "wanted_servers" jsonb, "for_user" uuid, "recent" integer) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (
		WITH wanted AS (
			SELECT DISTINCT w.server, w.tool FROM jsonb_to_recordset(wanted_tools) AS w(server text, tool text)
		),
		runs AS (
			SELECT r.server, r.tool, r.status, r.user_id, r.created_at,
				row_number() OVER (PARTITION BY r.server, r.tool ORDER BY r.created_at DESC) AS rn
			FROM tool_runs r JOIN wanted w ON r.server = w.server AND r.tool = w.tool
			WHERE r.created_at > now() - interval '30 days'
		)
		SELECT json_build_object(
			'plan', (SELECT u.plan FROM users u WHERE u.id = for_user),
			'servers', (SELECT json_agg(json_build_object('name', s.name, 'status', s.status, 'last_error', s.last_error,
					'launch', s.launch, 'authentication', s.authentication, 'owner_user_id', s.owner_user_id))
				FROM mcp_servers s WHERE s.name IN (SELECT jsonb_array_elements_text(wanted_servers))),
			'runs', (SELECT json_agg(x) FROM (
				SELECT server, tool,
					(count(*) FILTER (WHERE rn <= recent AND created_at > now() - interval '7 days'))::int AS recent_runs,
					(count(*) FILTER (WHERE rn <= recent AND created_at > now() - interval '7 days' AND status <> 'completed'))::int AS recent_failures,
					(count(*) FILTER (WHERE user_id = for_user AND status = 'completed'))::int AS user_successes
				FROM runs GROUP BY server, tool) x),
			'enabled_servers', (SELECT json_agg(us.server_name ORDER BY us.server_name) FROM user_servers us
				WHERE us.user_id = for_user AND us.enabled),
			'own_servers', (SELECT json_agg(s.name ORDER BY s.name) FROM mcp_servers s WHERE s.owner_user_id = for_user),
			'space', (SELECT json_build_object('provider', e.active_provider, 'model', e.active_model, 'reembedded_at', e.reembedded_at)
				FROM embedding_settings e WHERE e.user_id = for_user)
		)
	);
END
$$;
