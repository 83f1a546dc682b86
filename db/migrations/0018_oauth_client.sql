CREATE TABLE "oauth_client_registrations" (
	"issuer" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"key_id" text,
	"auth_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_client_registrations_issuer_redirect_uri_pk" PRIMARY KEY("issuer","redirect_uri")
);
--> statement-breakpoint
CREATE TABLE "oauth_connections" (
	"user_id" uuid NOT NULL,
	"server_name" text NOT NULL,
	"status" text NOT NULL,
	"issuer" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"revocation_endpoint" text,
	"resource" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text,
	"expires_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_connections_user_id_server_name_pk" PRIMARY KEY("user_id","server_name")
);
--> statement-breakpoint
CREATE TABLE "oauth_pending_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"server_name" text NOT NULL,
	"issuer" text NOT NULL,
	"token_endpoint" text NOT NULL,
	"revocation_endpoint" text,
	"resource" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text,
	"verifier" text NOT NULL,
	"key_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_protected_servers" (
	"server_name" text PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"issuer" text NOT NULL,
	"discovered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_connections" ADD CONSTRAINT "oauth_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_connections" ADD CONSTRAINT "oauth_connections_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_pending_authorizations" ADD CONSTRAINT "oauth_pending_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_pending_authorizations" ADD CONSTRAINT "oauth_pending_authorizations_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_protected_servers" ADD CONSTRAINT "oauth_protected_servers_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_connections_server_idx" ON "oauth_connections" USING btree ("server_name");--> statement-breakpoint
CREATE INDEX "oauth_pending_user_idx" ON "oauth_pending_authorizations" USING btree ("user_id");