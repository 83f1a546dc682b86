ALTER TABLE "mcp_servers" ADD COLUMN "server_json" jsonb;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "harvested_at" timestamp with time zone;