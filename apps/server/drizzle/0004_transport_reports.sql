CREATE TABLE "jwnet_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_key" varchar(64) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"manifest_number" varchar(11),
	"transport_report_id" integer,
	"payload" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remote_request_id" varchar(64),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifests" (
	"id" serial PRIMARY KEY NOT NULL,
	"manifest_number" varchar(11) NOT NULL,
	"project_id" integer,
	"discharger_company_id" integer NOT NULL,
	"transport_company_id" integer,
	"waste_name" varchar(64) DEFAULT '' NOT NULL,
	"discharge_site_name" varchar(64) DEFAULT '' NOT NULL,
	"delivery_date" date,
	"network_status" varchar(32),
	"transport_end_date" date,
	"disposal_end_date" date,
	"final_disposal_end_date" date,
	"phases" jsonb,
	"running_functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regular_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"discharger_company_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"waste_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"volume" numeric(9, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"waste_line_id" integer,
	"discharger_company_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"waste_id" integer NOT NULL,
	"waste_name" varchar(64) NOT NULL,
	"manifest_id" integer,
	"manifest_number" varchar(11),
	"status" varchar(24) DEFAULT 'BLANK' NOT NULL,
	"collect_time" date NOT NULL,
	"end_date_transport" date NOT NULL,
	"transport_volume" numeric(9, 2) NOT NULL,
	"transport_volume_unit_id" integer,
	"valuables_collected" numeric(9, 2),
	"valuables_collected_unit_id" integer,
	"vehicle_number" varchar(30),
	"reporter" varchar(24),
	"transporter" varchar(24) NOT NULL,
	"disposal_method_id" integer,
	"last_end_date_transport" date,
	"last_transport_volume" numeric(9, 2),
	"last_transport_volume_unit_id" integer,
	"last_valuables_collected" numeric(9, 2),
	"last_valuables_collected_unit_id" integer,
	"last_vehicle_number" varchar(30),
	"last_reporter" varchar(24),
	"last_transporter" varchar(24),
	"last_disposal_method_id" integer,
	"deadline" date NOT NULL,
	"is_synced" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jwnet_requests" ADD CONSTRAINT "jwnet_requests_transport_report_id_transport_reports_id_fk" FOREIGN KEY ("transport_report_id") REFERENCES "public"."transport_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_discharger_company_id_companies_id_fk" FOREIGN KEY ("discharger_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regular_reports" ADD CONSTRAINT "regular_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regular_reports" ADD CONSTRAINT "regular_reports_discharger_company_id_companies_id_fk" FOREIGN KEY ("discharger_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regular_reports" ADD CONSTRAINT "regular_reports_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regular_reports" ADD CONSTRAINT "regular_reports_waste_id_wastes_id_fk" FOREIGN KEY ("waste_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regular_reports" ADD CONSTRAINT "regular_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_waste_line_id_project_waste_lines_id_fk" FOREIGN KEY ("waste_line_id") REFERENCES "public"."project_waste_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_discharger_company_id_companies_id_fk" FOREIGN KEY ("discharger_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_waste_id_wastes_id_fk" FOREIGN KEY ("waste_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_transport_volume_unit_id_unit_measures_id_fk" FOREIGN KEY ("transport_volume_unit_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_valuables_collected_unit_id_unit_measures_id_fk" FOREIGN KEY ("valuables_collected_unit_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_disposal_method_id_disposal_methods_id_fk" FOREIGN KEY ("disposal_method_id") REFERENCES "public"."disposal_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_reports" ADD CONSTRAINT "transport_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jwnet_requests_key_unique" ON "jwnet_requests" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "jwnet_requests_due_idx" ON "jwnet_requests" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "jwnet_requests_report_idx" ON "jwnet_requests" USING btree ("transport_report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manifests_number_unique" ON "manifests" USING btree ("manifest_number");--> statement-breakpoint
CREATE INDEX "manifests_discharger_idx" ON "manifests" USING btree ("discharger_company_id","delivery_date");--> statement-breakpoint
CREATE INDEX "manifests_transport_idx" ON "manifests" USING btree ("transport_company_id","delivery_date");--> statement-breakpoint
CREATE UNIQUE INDEX "regular_reports_unique" ON "regular_reports" USING btree ("project_id","year","month","waste_id");--> statement-breakpoint
CREATE INDEX "regular_reports_transport_idx" ON "regular_reports" USING btree ("transport_company_id","year","month");--> statement-breakpoint
CREATE INDEX "regular_reports_discharger_idx" ON "regular_reports" USING btree ("discharger_company_id","year","month");--> statement-breakpoint
CREATE INDEX "transport_reports_transport_idx" ON "transport_reports" USING btree ("transport_company_id","end_date_transport");--> statement-breakpoint
CREATE INDEX "transport_reports_discharger_idx" ON "transport_reports" USING btree ("discharger_company_id","end_date_transport");--> statement-breakpoint
CREATE INDEX "transport_reports_project_idx" ON "transport_reports" USING btree ("project_id");