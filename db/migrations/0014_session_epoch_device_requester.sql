ALTER TABLE "users" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "requester_ip" text;--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "approver_auth_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "approver_key_id" uuid;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_approver_key_id_api_keys_id_fk" FOREIGN KEY ("approver_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;