ALTER TABLE "business_clock" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_clock" ADD COLUMN "in_use" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The business clock on the database's side (lib/clock.ts keeps the row): record defaults read it, so a row
-- written while JUNKAN_CLOCK runs is dated as app.now() dates it.
CREATE OR REPLACE FUNCTION business_now() RETURNS timestamp with time zone LANGUAGE sql STABLE AS $$
  SELECT now() + coalesce(
    (SELECT start_at - applied_at FROM business_clock WHERE id = 1 AND in_use AND start_at IS NOT NULL),
    interval '0'
  )
$$;--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "business_settings" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "card_payments" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "card_payments" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "chat_conversations" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collection_area_prices" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collection_areas" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collection_areas" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collection_history" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collection_requests" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "company_bank_accounts" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "contract_coverage_alerts" ALTER COLUMN "mailed_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "discharge_sites" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "disposal_methods" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "disposal_sites" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "disposal_sites" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "disposal_unit_prices" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "disposal_unit_prices" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "evidence_packs" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "evidence_packs" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "handling_waste_prices" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "inquiries" ALTER COLUMN "last_message_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "inquiries" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "inquiries" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "inquiry_history" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "invoice_sends" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "manifests" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "manifests" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "notice_reads" ALTER COLUMN "read_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "publish_from" SET DEFAULT (business_now() at time zone 'Asia/Tokyo')::date;--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "offices" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "packing_styles" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "permits" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "permits" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "project_status_history" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "regular_reports" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "regular_reports" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "transport_operator_profiles" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "transport_reports" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "transport_reports" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "unit_measures" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "update_infos" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "update_infos" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "wastes" ALTER COLUMN "created_at" SET DEFAULT business_now();--> statement-breakpoint
ALTER TABLE "wastes" ALTER COLUMN "updated_at" SET DEFAULT business_now();