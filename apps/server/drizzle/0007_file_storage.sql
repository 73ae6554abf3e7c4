CREATE TABLE "stored_file_chunks" (
	"key" varchar(255) NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "storage_driver" varchar(16) DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files kept in attachments.content move into the database file storage (stored_files and one chunk each);
-- storage_key becomes the object key and the old key (the SHA-256 of the content) moves to sha256.
INSERT INTO "stored_files" ("key", "size", "created_at")
  SELECT 'legacy/attachment-' || "id", octet_length("content"), "created_at" FROM "attachments" WHERE "content" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "stored_file_chunks" ("key", "seq", "data")
  SELECT 'legacy/attachment-' || "id", 0, "content" FROM "attachments" WHERE "content" IS NOT NULL;
--> statement-breakpoint
UPDATE "attachments"
  SET "sha256" = "storage_key", "storage_key" = 'legacy/attachment-' || "id", "storage_driver" = 'database', "content" = NULL
  WHERE "content" IS NOT NULL;
