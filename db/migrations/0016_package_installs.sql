CREATE TABLE "package_installs" (
	"registry" text NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"status" text NOT NULL,
	"install_ms" integer,
	"integrity" text,
	"error" text,
	"installed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_installs_registry_name_version_pk" PRIMARY KEY("registry","name","version")
);
