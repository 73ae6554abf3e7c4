CREATE TABLE "contract_unit_prices" (
	"contract_id" integer NOT NULL,
	"waste_line_id" integer NOT NULL,
	"unit_price" integer NOT NULL,
	CONSTRAINT "contract_unit_prices_contract_id_waste_line_id_pk" PRIMARY KEY("contract_id","waste_line_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"contract_type" varchar(16) NOT NULL,
	"contract_form" varchar(16) NOT NULL,
	"payment_method" varchar(16) NOT NULL,
	"renewal" varchar(8),
	"manifest_fee" integer DEFAULT 0 NOT NULL,
	"preparation_fee" integer DEFAULT 0 NOT NULL,
	"contact_person" varchar(16) NOT NULL,
	"license_number" varchar(32) NOT NULL,
	"license_district" varchar(32) NOT NULL,
	"license_expire_date" date NOT NULL,
	"return_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_unit_prices" ADD CONSTRAINT "contract_unit_prices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_unit_prices" ADD CONSTRAINT "contract_unit_prices_waste_line_id_project_waste_lines_id_fk" FOREIGN KEY ("waste_line_id") REFERENCES "public"."project_waste_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_project_unique" ON "contracts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "contracts_transport_company_idx" ON "contracts" USING btree ("transport_company_id");--> statement-breakpoint
CREATE INDEX "contracts_status_dates_idx" ON "contracts" USING btree ("status","start_date","end_date");