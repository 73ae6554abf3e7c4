CREATE TABLE "permits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"district_code" varchar(5) NOT NULL,
	"license_number" varchar(32) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"transshipment" boolean DEFAULT false NOT NULL,
	"storage_site" varchar(254) DEFAULT '' NOT NULL,
	"waste_kind_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expiry_step_mailed" varchar(8),
	"retired_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permits_district_license_live_unique" ON "permits" USING btree ("district_code","license_number") WHERE "permits"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "permits_company_expiry_idx" ON "permits" USING btree ("company_id","expiry_date");--> statement-breakpoint
CREATE INDEX "permits_live_expiry_idx" ON "permits" USING btree ("expiry_date") WHERE "permits"."retired_at" is null;