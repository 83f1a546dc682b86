ALTER TABLE "mcp_servers" ADD COLUMN "pins_version" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- The pin check caches a server's pins and holds in process, valid while mcp_servers.pins_version is
-- what it read (db/trust/pin-cache.ts); every write to either table, by any process or statement,
-- gives the server a new one. Statement triggers: a sync's batch of 500 pins bumps each server once.
CREATE FUNCTION "pins_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "mcp_servers" SET "pins_version" = gen_random_uuid() WHERE "name" IN (SELECT DISTINCT "server_name" FROM changed_rows); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER "tool_pins_bump_insert" AFTER INSERT ON "tool_pins" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pins_version_bump"();--> statement-breakpoint
CREATE TRIGGER "tool_pins_bump_update" AFTER UPDATE ON "tool_pins" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pins_version_bump"();--> statement-breakpoint
CREATE TRIGGER "tool_pins_bump_delete" AFTER DELETE ON "tool_pins" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pins_version_bump"();--> statement-breakpoint
CREATE TRIGGER "tool_holds_bump_insert" AFTER INSERT ON "tool_holds" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pins_version_bump"();--> statement-breakpoint
CREATE TRIGGER "tool_holds_bump_update" AFTER UPDATE ON "tool_holds" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pins_version_bump"();--> statement-breakpoint
CREATE TRIGGER "tool_holds_bump_delete" AFTER DELETE ON "tool_holds" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "pins_version_bump"();
