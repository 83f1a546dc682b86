CREATE TABLE "server_credentials" (
	"user_id" uuid NOT NULL,
	"server_name" text NOT NULL,
	"name" text NOT NULL,
	"ciphertext" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_credentials_user_id_server_name_name_pk" PRIMARY KEY("user_id","server_name","name")
);
--> statement-breakpoint
ALTER TABLE "server_credentials" ADD CONSTRAINT "server_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_credentials" ADD CONSTRAINT "server_credentials_server_name_mcp_servers_name_fk" FOREIGN KEY ("server_name") REFERENCES "public"."mcp_servers"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_credentials_server_idx" ON "server_credentials" USING btree ("server_name");--> statement-breakpoint
CREATE INDEX "server_credentials_key_idx" ON "server_credentials" USING btree ("key_id");