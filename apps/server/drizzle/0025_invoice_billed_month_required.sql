-- Every invoice carries the month it bills (請求対象月). Uploaded invoices registered before it was asked take
-- their billing date's month: the product's own generated invoices are dated within the month they bill by
-- default, and no better source exists for an uploaded one. Kept (superseded) versions are filled the same way.
-- The old index (every current version with a month) goes first: filled months may repeat one.
DROP INDEX "invoices_project_month_current_unique";--> statement-breakpoint
UPDATE "invoices" SET "billed_month" = to_char("billing_date", 'YYYY-MM') WHERE "billed_month" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "billed_month" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_project_month_current_unique" ON "invoices" USING btree ("project_id","billed_month") WHERE "invoices"."source" = 'GENERATED' and "invoices"."superseded_at" is null;
