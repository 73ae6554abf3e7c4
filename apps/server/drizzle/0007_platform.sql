CREATE TABLE "achievement_monthly" (
	"transport_company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"kind" smallint NOT NULL,
	"discharger_company_id" integer NOT NULL,
	"waste_id" integer NOT NULL,
	"unit_id" integer,
	"volume" numeric(18, 2) NOT NULL,
	"report_count" integer NOT NULL,
	"awaiting_count" integer DEFAULT 0 NOT NULL,
	"delete_requested_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "achievement_monthly_key" UNIQUE NULLS NOT DISTINCT("transport_company_id","year","month","kind","discharger_company_id","waste_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" varchar(255);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievement_monthly_discharger_idx" ON "achievement_monthly" USING btree ("discharger_company_id","year","month");--> statement-breakpoint
CREATE INDEX "mail_outbox_undelivered_idx" ON "mail_outbox" USING btree ("status","created_at") WHERE "mail_outbox"."status" in ('PENDING', 'SENDING', 'FAILED');--> statement-breakpoint
CREATE INDEX "transport_reports_achievement_detail_idx" ON "transport_reports" USING btree ("discharger_company_id","waste_id","end_date_transport") WHERE deleted_at is null;--> statement-breakpoint
-- The achievements summary (achievement_monthly): triggers keep it in the transaction of every write to
-- transport_reports and regular_reports; achievement_monthly_rebuild() recomputes it from the rows (the backfill).
-- Hand-written (drizzle-kit cannot generate functions or triggers); appended to the migration that creates the table.

-- Room in each page, so a line's update stays on its page (HOT: no index write).
ALTER TABLE achievement_monthly SET (fillfactor = 85);
--> statement-breakpoint
-- Adds one report's contribution (sign 1) or takes it away (sign -1); a line left with no report is removed.
CREATE OR REPLACE FUNCTION achievement_monthly_apply(
  p_kind smallint, p_transport integer, p_discharger integer, p_waste integer, p_unit integer,
  p_year smallint, p_month smallint, p_volume numeric, p_status varchar, p_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO achievement_monthly AS a (transport_company_id, year, month, kind, discharger_company_id, waste_id,
    unit_id, volume, report_count, awaiting_count, delete_requested_count, rejected_count)
  VALUES (p_transport, p_year, p_month, p_kind, p_discharger, p_waste, p_unit, p_sign * p_volume, p_sign,
    p_sign * (p_status IS NOT DISTINCT FROM 'ACCEPTANCE_OR_DENIAL')::integer,
    p_sign * (p_status IS NOT DISTINCT FROM 'REQUEST_DELETE')::integer,
    p_sign * (p_status IS NOT DISTINCT FROM 'REJECTION')::integer)
  ON CONFLICT ON CONSTRAINT achievement_monthly_key DO UPDATE SET
    volume = a.volume + excluded.volume,
    report_count = a.report_count + excluded.report_count,
    awaiting_count = a.awaiting_count + excluded.awaiting_count,
    delete_requested_count = a.delete_requested_count + excluded.delete_requested_count,
    rejected_count = a.rejected_count + excluded.rejected_count;
  IF p_sign < 0 THEN
    DELETE FROM achievement_monthly
    WHERE transport_company_id = p_transport AND year = p_year AND month = p_month AND kind = p_kind
      AND discharger_company_id = p_discharger AND waste_id = p_waste AND unit_id IS NOT DISTINCT FROM p_unit
      AND report_count = 0;
  END IF;
END $$;
--> statement-breakpoint
-- An industrial report counts while it is not deleted, in the month of its (current) transport end date. A report
-- moved to another line touches two summary rows: always in key order, so two such moves cannot deadlock.
CREATE OR REPLACE FUNCTION transport_reports_achievement_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  take_old boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  add_new boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
  new_first boolean := take_old AND add_new
    AND ROW(NEW.transport_company_id, date_trunc('month', NEW.end_date_transport), NEW.discharger_company_id,
            NEW.waste_id, coalesce(NEW.transport_volume_unit_id, 0))
      < ROW(OLD.transport_company_id, date_trunc('month', OLD.end_date_transport), OLD.discharger_company_id,
            OLD.waste_id, coalesce(OLD.transport_volume_unit_id, 0));
BEGIN
  IF add_new AND new_first THEN
    PERFORM achievement_monthly_apply(1::smallint, NEW.transport_company_id, NEW.discharger_company_id,
      NEW.waste_id, NEW.transport_volume_unit_id, extract(year FROM NEW.end_date_transport)::smallint,
      extract(month FROM NEW.end_date_transport)::smallint, NEW.transport_volume, NEW.status, 1);
  END IF;
  IF take_old THEN
    PERFORM achievement_monthly_apply(1::smallint, OLD.transport_company_id, OLD.discharger_company_id,
      OLD.waste_id, OLD.transport_volume_unit_id, extract(year FROM OLD.end_date_transport)::smallint,
      extract(month FROM OLD.end_date_transport)::smallint, OLD.transport_volume, OLD.status, -1);
  END IF;
  IF add_new AND NOT new_first THEN
    PERFORM achievement_monthly_apply(1::smallint, NEW.transport_company_id, NEW.discharger_company_id,
      NEW.waste_id, NEW.transport_volume_unit_id, extract(year FROM NEW.end_date_transport)::smallint,
      extract(month FROM NEW.end_date_transport)::smallint, NEW.transport_volume, NEW.status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transport_reports_achievement_sync
AFTER INSERT OR DELETE OR UPDATE OF transport_company_id, discharger_company_id, waste_id, transport_volume_unit_id,
  end_date_transport, transport_volume, status, deleted_at
ON transport_reports FOR EACH ROW EXECUTE FUNCTION transport_reports_achievement_sync();
--> statement-breakpoint
-- A regular report is a month's weight in kg (unit null in the summary) and has no status.
CREATE OR REPLACE FUNCTION regular_reports_achievement_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM achievement_monthly_apply(2::smallint, OLD.transport_company_id, OLD.discharger_company_id,
      OLD.waste_id, NULL, OLD.year, OLD.month, OLD.volume, NULL, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM achievement_monthly_apply(2::smallint, NEW.transport_company_id, NEW.discharger_company_id,
      NEW.waste_id, NULL, NEW.year, NEW.month, NEW.volume, NULL, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER regular_reports_achievement_sync
AFTER INSERT OR DELETE OR UPDATE OF transport_company_id, discharger_company_id, waste_id, year, month, volume
ON regular_reports FOR EACH ROW EXECUTE FUNCTION regular_reports_achievement_sync();
--> statement-breakpoint
-- The summary recomputed from the report rows: the backfill, and a repair after a bulk load without triggers.
-- Written in key order, so a transporter's year sits in few pages.
CREATE OR REPLACE FUNCTION achievement_monthly_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM achievement_monthly;
  INSERT INTO achievement_monthly (transport_company_id, year, month, kind, discharger_company_id, waste_id,
    unit_id, volume, report_count, awaiting_count, delete_requested_count, rejected_count)
  SELECT transport_company_id, extract(year FROM end_date_transport)::smallint,
    extract(month FROM end_date_transport)::smallint, 1, discharger_company_id, waste_id,
    transport_volume_unit_id, sum(transport_volume), count(*),
    count(*) FILTER (WHERE status = 'ACCEPTANCE_OR_DENIAL'), count(*) FILTER (WHERE status = 'REQUEST_DELETE'),
    count(*) FILTER (WHERE status = 'REJECTION')
  FROM transport_reports WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 5, 6, 7
  ORDER BY 1, 2, 3, 5, 6, 7;
  INSERT INTO achievement_monthly (transport_company_id, year, month, kind, discharger_company_id, waste_id,
    unit_id, volume, report_count)
  SELECT transport_company_id, year, month, 2, discharger_company_id, waste_id, NULL, sum(volume), count(*)
  FROM regular_reports
  GROUP BY transport_company_id, year, month, discharger_company_id, waste_id
  ORDER BY transport_company_id, year, month, discharger_company_id, waste_id;
END $$;
--> statement-breakpoint
SELECT achievement_monthly_rebuild();
--> statement-breakpoint
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
