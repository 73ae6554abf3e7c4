CREATE TABLE "company_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"bank_code" varchar(4) NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"bank_kana" varchar(64) NOT NULL,
	"branch_code" varchar(3) NOT NULL,
	"branch_name" varchar(64) NOT NULL,
	"branch_kana" varchar(64) NOT NULL,
	"account_type" varchar(8) NOT NULL,
	"account_number" varchar(7) NOT NULL,
	"holder_name" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "last_invoice_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
-- Invoices made before numbers: each issuer's numbered 1, 2, 3... in the order they were registered, every
-- version with its first version's number; the counter continues after the last.
UPDATE "invoices" SET "invoice_number" = n."number" FROM (
	SELECT "id", row_number() OVER (PARTITION BY "transport_company_id" ORDER BY "id") AS "number"
	FROM "invoices" WHERE "id" = "root_id"
) AS n WHERE "invoices"."root_id" = n."id";--> statement-breakpoint
UPDATE "companies" SET "last_invoice_number" = m."last" FROM (
	SELECT "transport_company_id", max("invoice_number") AS "last" FROM "invoices" GROUP BY "transport_company_id"
) AS m WHERE "companies"."id" = m."transport_company_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payee_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_bank_accounts_position_unique" ON "company_bank_accounts" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_version_unique" ON "invoices" USING btree ("transport_company_id","invoice_number","version");