CREATE TABLE "evidence_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"side" varchar(16) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"project_id" integer,
	"period_from" date,
	"period_to" date,
	"status" varchar(16) DEFAULT 'QUEUED' NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"items_total" integer DEFAULT 0 NOT NULL,
	"size" bigint,
	"storage_driver" varchar(16),
	"storage_key" varchar(255),
	"error_code" varchar(64),
	"requested_by" integer NOT NULL,
	"acting_admin_id" integer,
	"mailed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_packs_company_idx" ON "evidence_packs" USING btree ("company_id","side","created_at");--> statement-breakpoint
CREATE INDEX "evidence_packs_expiry_idx" ON "evidence_packs" USING btree ("expires_at") WHERE "evidence_packs"."status" = 'READY';--> statement-breakpoint
-- Retention (issue 15): manifests, completion reports (industrial and monthly regular ones), contracts and permits
-- are never deleted within five years of their last date. Each table refuses the delete of such a row, whatever
-- path deletes it (a service, a cascade from a project, a script): SQL state RT501, message
-- 'retention_period_until', detail the last day it is kept (YYYY-MM-DD), which the server answers as 409
-- retention_period_until with params.until. The last dates are the shared rule's (rules/retention.ts:
-- RETENTION_LAST_DATE); retention.test.ts checks that both agree.
-- Hand-written (drizzle-kit cannot generate functions or triggers); appended to the evidence pack migration.

CREATE OR REPLACE FUNCTION retention_check(last_date date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  until date := (last_date + interval '5 years')::date;
BEGIN
  IF until >= (now() AT TIME ZONE 'Asia/Tokyo')::date THEN
    RAISE EXCEPTION 'retention_period_until' USING ERRCODE = 'RT501', DETAIL = to_char(until, 'YYYY-MM-DD');
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retention_japan_date(t timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (t AT TIME ZONE 'Asia/Tokyo')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retention_guard_manifest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM retention_check(GREATEST(OLD.delivery_date, OLD.transport_end_date, OLD.disposal_end_date,
    OLD.final_disposal_end_date, retention_japan_date(OLD.created_at)));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retention_guard_transport_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM retention_check(GREATEST(OLD.collect_time, OLD.end_date_transport, OLD.last_end_date_transport,
    retention_japan_date(OLD.updated_at), retention_japan_date(OLD.deleted_at)));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retention_guard_regular_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM retention_check(GREATEST((make_date(OLD.year, OLD.month, 1) + interval '1 month - 1 day')::date,
    retention_japan_date(OLD.updated_at)));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retention_guard_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM retention_check(GREATEST(OLD.end_date, retention_japan_date(OLD.updated_at)));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retention_guard_permit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM retention_check(GREATEST(OLD.expiry_date, retention_japan_date(OLD.retired_at),
    retention_japan_date(OLD.updated_at)));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER manifests_retention BEFORE DELETE ON manifests
  FOR EACH ROW EXECUTE FUNCTION retention_guard_manifest();
--> statement-breakpoint
CREATE TRIGGER transport_reports_retention BEFORE DELETE ON transport_reports
  FOR EACH ROW EXECUTE FUNCTION retention_guard_transport_report();
--> statement-breakpoint
CREATE TRIGGER regular_reports_retention BEFORE DELETE ON regular_reports
  FOR EACH ROW EXECUTE FUNCTION retention_guard_regular_report();
--> statement-breakpoint
CREATE TRIGGER contracts_retention BEFORE DELETE ON contracts
  FOR EACH ROW EXECUTE FUNCTION retention_guard_contract();
--> statement-breakpoint
CREATE TRIGGER permits_retention BEFORE DELETE ON permits
  FOR EACH ROW EXECUTE FUNCTION retention_guard_permit();
