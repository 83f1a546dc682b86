CREATE TABLE "instance_placements" (
	"instance_key" text PRIMARY KEY NOT NULL,
	"worker_queue" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "instance_placements_worker_queue_idx" ON "instance_placements" USING btree ("worker_queue");