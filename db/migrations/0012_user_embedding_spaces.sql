CREATE TABLE "embedding_usage" (
	"user_id" uuid NOT NULL,
	"space" text NOT NULL,
	"kind" text NOT NULL,
	"texts" bigint DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedding_usage_user_id_space_kind_pk" PRIMARY KEY("user_id","space","kind")
);
--> statement-breakpoint
ALTER TABLE "embedding_settings" ADD COLUMN "active_provider" text;--> statement-breakpoint
ALTER TABLE "embedding_settings" ADD COLUMN "active_model" text;--> statement-breakpoint
ALTER TABLE "embedding_settings" ADD COLUMN "progress_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "embedding_settings" ADD COLUMN "progress_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "embedding_settings" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "embedding_usage" ADD CONSTRAINT "embedding_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;