CREATE TABLE "manifest_registration_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"discharger_company_id" integer NOT NULL,
	"registration_key" uuid NOT NULL,
	"state" varchar(16) NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"claimed_at" timestamp with time zone NOT NULL,
	"manifest_number" varchar(11),
	"created_at" timestamp with time zone DEFAULT business_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT business_now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manifest_registration_claims" ADD CONSTRAINT "manifest_registration_claims_discharger_company_id_companies_id_fk" FOREIGN KEY ("discharger_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manifest_registration_claims_key_unique" ON "manifest_registration_claims" USING btree ("discharger_company_id","registration_key");