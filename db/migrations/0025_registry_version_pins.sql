ALTER TABLE "mcp_servers" ADD COLUMN "harvested_version" text;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD COLUMN "pinned_version" text;--> statement-breakpoint
-- Servers harvested before this column existed listed the version they had then: not re-harvested for it.
UPDATE "mcp_servers" SET "harvested_version" = "version" WHERE "harvested_at" IS NOT NULL;
