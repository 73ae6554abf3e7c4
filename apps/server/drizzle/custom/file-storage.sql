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
