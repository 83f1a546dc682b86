-- Announces a write to any table the availability facts read (migration 0013's function, plus
-- the credentials, installs and OAuth rows of db/retrieval/availability-facts.ts), so that the
-- embedded mode, where one process owns the database, can keep the facts in process and drop
-- them at the next write whoever made it (api/services/retrieval/facts-cache.ts). Only a session
-- that set `switchboard.facts_changes` to 'on' announces (the embedded mode's one PGlite
-- session, db/retrieval/facts-changes.ts): on Postgres nobody listens, and a NOTIFY would take
-- the notify queue's lock at every commit of a run. One notification per statement, none per row.
CREATE FUNCTION "announce_availability_facts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('switchboard.facts_changes', true) = 'on' THEN
		PERFORM pg_notify('availability_facts_changes', TG_TABLE_NAME);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tool_runs_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tool_runs" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "users_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "mcp_servers_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mcp_servers" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "user_servers_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_servers" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "embedding_settings_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "embedding_settings" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "server_credentials_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "server_credentials" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "package_installs_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "package_installs" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
--> statement-breakpoint
CREATE TRIGGER "oauth_protected_servers_facts_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "oauth_protected_servers" FOR EACH STATEMENT EXECUTE FUNCTION announce_availability_facts_change();
