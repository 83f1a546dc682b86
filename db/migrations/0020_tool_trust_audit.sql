CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_name" text NOT NULL,
	"tool_name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"previous" jsonb,
	"previous_hash" text,
	"proposed" jsonb NOT NULL,
	"proposed_hash" text NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "tool_pins" (
	"server_name" text NOT NULL,
	"tool_name" text NOT NULL,
	"hash" text NOT NULL,
	"definition" jsonb NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"pinned_by" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_pins_server_name_tool_name_pk" PRIMARY KEY("server_name","tool_name")
);
--> statement-breakpoint
ALTER TABLE "tool_holds" ADD CONSTRAINT "tool_holds_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tool_pins" ADD CONSTRAINT "tool_pins_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_holds_pending_idx" ON "tool_holds" USING btree ("server_name","tool_name") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "tool_holds_status_idx" ON "tool_holds" USING btree ("status","created_at");--> statement-breakpoint
-- Append-only: no update or delete reaches the audit log, whatever code runs (issue 37, item 4).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
