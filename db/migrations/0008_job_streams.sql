CREATE TABLE "job_stream_leases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_stream_leases" ADD CONSTRAINT "job_stream_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_stream_leases_user_idx" ON "job_stream_leases" USING btree ("user_id","expires_at");--> statement-breakpoint
-- Job streams wait for this instead of polling (decisions.md, "Job streams"): every write that
-- bumps a job's version announces '<job id>:<version>' on the channel job_changes, whoever
-- writes it (worker activity, API cancel, operator). NOTIFY is sent at commit, so a listener
-- that reads after it sees the new row. Hand-written: drizzle-kit does not model triggers.
CREATE FUNCTION "notify_job_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('job_changes', NEW.id::text || ':' || NEW.version::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_change" AFTER UPDATE ON "jobs" FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) EXECUTE FUNCTION "notify_job_change"();
