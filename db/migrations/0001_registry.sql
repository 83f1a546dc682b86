CREATE TABLE "mcp_servers" (
	"name" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '0.0.0' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'custom' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"launch" jsonb,
	"authentication" jsonb,
	"rate_limit" jsonb,
	"supported_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'admin' NOT NULL,
	"tools_source" text DEFAULT 'documentation' NOT NULL,
	"owner_user_id" uuid,
	"status" text DEFAULT 'unknown' NOT NULL,
	"last_checked" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"server_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_schema" jsonb NOT NULL,
	"output_schema" jsonb,
	"category" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_hash" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_server_name_name_pk" PRIMARY KEY("server_name","name")
);
--> statement-breakpoint
CREATE TABLE "user_servers" (
	"user_id" uuid NOT NULL,
	"server_name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"installed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_servers_user_id_server_name_pk" PRIMARY KEY("user_id","server_name")
);
--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_servers" ADD CONSTRAINT "user_servers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_servers" ADD CONSTRAINT "user_servers_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "mcp_servers_category_idx" ON "mcp_servers" USING btree ("category");--> statement-breakpoint
CREATE INDEX "mcp_servers_owner_idx" ON "mcp_servers" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "tools_name_idx" ON "tools" USING btree ("name");