CREATE TABLE "document_vectors" (
	"embedder_id" text NOT NULL,
	"text_key" text NOT NULL,
	"vector" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_vectors_embedder_id_text_key_pk" PRIMARY KEY("embedder_id","text_key")
);
