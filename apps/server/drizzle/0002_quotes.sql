CREATE TABLE "project_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24) NOT NULL,
	"user_id" integer,
	"admin_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"waste_line_id" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_measure_id" integer,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"total_amount" integer DEFAULT 0 NOT NULL,
	"valid_until" date,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "content" "bytea";--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD COLUMN "waste_id" integer;--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD COLUMN "packing_style_id" integer;--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD COLUMN "unit_measure_id" integer;--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD COLUMN "monthly_capacity" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_waste_line_id_project_waste_lines_id_fk" FOREIGN KEY ("waste_line_id") REFERENCES "public"."project_waste_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_unit_measure_id_unit_measures_id_fk" FOREIGN KEY ("unit_measure_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_status_history_project_idx" ON "project_status_history" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_project_company_unique" ON "quotes" USING btree ("project_id","transport_company_id");--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD CONSTRAINT "project_waste_lines_waste_id_wastes_id_fk" FOREIGN KEY ("waste_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD CONSTRAINT "project_waste_lines_packing_style_id_packing_styles_id_fk" FOREIGN KEY ("packing_style_id") REFERENCES "public"."packing_styles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_waste_lines" ADD CONSTRAINT "project_waste_lines_unit_measure_id_unit_measures_id_fk" FOREIGN KEY ("unit_measure_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;