CREATE TABLE "call_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"server_name" text NOT NULL,
	"tool_name" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"reason" text NOT NULL,
	"run_kind" text NOT NULL,
	"run_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "call_policies" (
	"user_id" uuid NOT NULL,
	"server_name" text NOT NULL,
	"tool_name" text DEFAULT '' NOT NULL,
	"decision" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_policies_user_id_server_name_tool_name_pk" PRIMARY KEY("user_id","server_name","tool_name")
);
--> statement-breakpoint
ALTER TABLE "call_approvals" ADD CONSTRAINT "call_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_policies" ADD CONSTRAINT "call_policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_approvals_user_idx" ON "call_approvals" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "call_approvals_pending_run_idx" ON "call_approvals" USING btree ("run_id") WHERE status = 'pending';