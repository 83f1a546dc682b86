CREATE TABLE "embedding_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"vendor_model" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"workflow_id" text,
	"reembedded_tools" integer DEFAULT 0 NOT NULL,
	"reembedded_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"selected_tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retrieved_tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"query" text NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"results_count" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_selections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"query_id" uuid,
	"query" text,
	"tool_name" text NOT NULL,
	"server" text,
	"action" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"owner_user_id" uuid,
	"server" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_schema" jsonb,
	"category" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_hash" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'indexed' NOT NULL,
	"batch_id" uuid,
	"error" text,
	"embedded_with" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embedding_settings" ADD CONSTRAINT "embedding_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_events" ADD CONSTRAINT "query_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_logs" ADD CONSTRAINT "query_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_selections" ADD CONSTRAINT "tool_selections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "query_events_user_created_idx" ON "query_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "query_logs_user_created_idx" ON "query_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_selections_tool_idx" ON "tool_selections" USING btree ("server","tool_name");--> statement-breakpoint
CREATE INDEX "search_documents_server_idx" ON "search_documents" USING btree ("source","server");--> statement-breakpoint
CREATE INDEX "search_documents_batch_idx" ON "search_documents" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "search_documents_owner_idx" ON "search_documents" USING btree ("owner_user_id");