CREATE TABLE "calendar_feeds" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"from_date" date,
	"to_date" date NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"role" varchar(16) NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"waste_line_id" integer NOT NULL,
	"bags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"volume" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "collection_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"discharge_site_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"frequency" varchar(16),
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collection_count" integer,
	"vehicle_limit" varchar(8) DEFAULT 'NONE' NOT NULL,
	"entry_from" varchar(5),
	"entry_until" varchar(5),
	"memo" text,
	"generated_until" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"discharge_site_id" integer NOT NULL,
	"date" date NOT NULL,
	"desired_date" date NOT NULL,
	"status" varchar(16) NOT NULL,
	"skip_reason" varchar(24),
	"reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "closed_on_year_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_history" ADD CONSTRAINT "collection_history_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_request_lines" ADD CONSTRAINT "collection_request_lines_request_id_collection_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_request_lines" ADD CONSTRAINT "collection_request_lines_waste_line_id_project_waste_lines_id_fk" FOREIGN KEY ("waste_line_id") REFERENCES "public"."project_waste_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_requests" ADD CONSTRAINT "collection_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_requests" ADD CONSTRAINT "collection_requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_requests" ADD CONSTRAINT "collection_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_requests" ADD CONSTRAINT "collection_requests_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_requests" ADD CONSTRAINT "collection_requests_discharge_site_id_discharge_sites_id_fk" FOREIGN KEY ("discharge_site_id") REFERENCES "public"."discharge_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_requests" ADD CONSTRAINT "collection_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_request_id_collection_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_discharge_site_id_discharge_sites_id_fk" FOREIGN KEY ("discharge_site_id") REFERENCES "public"."discharge_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "collection_history_collection_idx" ON "collection_history" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "collection_request_lines_request_idx" ON "collection_request_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "collection_requests_project_idx" ON "collection_requests" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "collection_requests_contract_idx" ON "collection_requests" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "collections_company_date_idx" ON "collections" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "collections_transport_date_idx" ON "collections" USING btree ("transport_company_id","date");--> statement-breakpoint
CREATE INDEX "collections_project_date_idx" ON "collections" USING btree ("project_id","date");--> statement-breakpoint
CREATE INDEX "collections_request_idx" ON "collections" USING btree ("request_id");