CREATE TABLE "agent_run_steps" (
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_run_steps_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "agent_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stop_reason" text,
	"answer" text,
	"error" jsonb,
	"model" text NOT NULL,
	"max_steps" integer NOT NULL,
	"max_tokens" integer NOT NULL,
	"tools" jsonb NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_run_steps" ADD CONSTRAINT "agent_run_steps_run_id_agent_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_runs_user_created_idx" ON "agent_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_runs_user_status_idx" ON "agent_runs" USING btree ("user_id","status");--> statement-breakpoint
-- Run streams wait for this instead of polling (decisions.md, "Agent runs"): every write that
-- bumps a run's version announces '<run id>:<version>' on agent_run_changes, at commit.
-- Hand-written: drizzle-kit does not model triggers.
CREATE FUNCTION "notify_agent_run_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('agent_run_changes', NEW.id::text || ':' || NEW.version::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "agent_runs_notify_change" AFTER UPDATE ON "agent_runs" FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) EXECUTE FUNCTION "notify_agent_run_change"();
