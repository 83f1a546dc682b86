ALTER TABLE "users" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "requester_ip" text;--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "approver_auth_at" timestamp with time zone;