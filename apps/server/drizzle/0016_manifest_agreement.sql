ALTER TABLE "manifests" ADD COLUMN "disposal_site_id" integer;--> statement-breakpoint
ALTER TABLE "manifests" ADD COLUMN "disposal_site_name" varchar(64);--> statement-breakpoint
ALTER TABLE "manifests" ADD COLUMN "confirmed_differences" jsonb;--> statement-breakpoint
ALTER TABLE "manifests" ADD COLUMN "differences_confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "manifests" ADD COLUMN "differences_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD COLUMN "valuables_without_transshipment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_disposal_site_id_disposal_sites_id_fk" FOREIGN KEY ("disposal_site_id") REFERENCES "public"."disposal_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_differences_confirmed_by_users_id_fk" FOREIGN KEY ("differences_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;