CREATE TABLE "business_closed_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"reason" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"weekdays" jsonb DEFAULT '[1,2,3,4,5]'::jsonb NOT NULL,
	"open_time" varchar(5) DEFAULT '08:00' NOT NULL,
	"close_time" varchar(5) DEFAULT '17:00' NOT NULL,
	"closed_on_national_holidays" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_area_postal_codes" (
	"area_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"pos_code" varchar(8) NOT NULL,
	CONSTRAINT "collection_area_postal_codes_area_id_pos_code_pk" PRIMARY KEY("area_id","pos_code")
);
--> statement-breakpoint
CREATE TABLE "collection_area_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"waste_id" integer,
	"unit_price" integer NOT NULL,
	"unit_measure_id" integer,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_company_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"area_name" varchar(32) NOT NULL,
	"license_number" varchar(32) DEFAULT '' NOT NULL,
	"administrative_district" varchar(32) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disposal_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"method" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disposal_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"city" varchar(32) DEFAULT '' NOT NULL,
	"address1" varchar(254) DEFAULT '' NOT NULL,
	"address2" varchar(254) DEFAULT '' NOT NULL,
	"address3" varchar(80) DEFAULT '' NOT NULL,
	"license_number" varchar(32) DEFAULT '' NOT NULL,
	"expire_date" date,
	"disposal_method_id" integer,
	"capacity" varchar(32) DEFAULT '' NOT NULL,
	"subscriber_number" varchar(7),
	"manifest_permit_number" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handling_waste_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"waste_id" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"unit_measure_id" integer,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packing_styles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"style" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_operator_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"contract_manager" varchar(16) DEFAULT '' NOT NULL,
	"compatible_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"destination_disposal_site_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_measures" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"unit" varchar(16) NOT NULL,
	"is_count" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wastes" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"waste_code" varchar(7) NOT NULL,
	"parent_id" integer,
	"parent_path" varchar(64) DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"t_per_m3" numeric(10, 4),
	"t_per_piece" numeric(10, 4),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_closed_days" ADD CONSTRAINT "business_closed_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_area_postal_codes" ADD CONSTRAINT "collection_area_postal_codes_area_id_collection_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."collection_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_area_prices" ADD CONSTRAINT "collection_area_prices_area_id_collection_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."collection_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_area_prices" ADD CONSTRAINT "collection_area_prices_waste_id_wastes_id_fk" FOREIGN KEY ("waste_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_area_prices" ADD CONSTRAINT "collection_area_prices_unit_measure_id_unit_measures_id_fk" FOREIGN KEY ("unit_measure_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_areas" ADD CONSTRAINT "collection_areas_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_sites" ADD CONSTRAINT "disposal_sites_disposal_method_id_disposal_methods_id_fk" FOREIGN KEY ("disposal_method_id") REFERENCES "public"."disposal_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_waste_prices" ADD CONSTRAINT "handling_waste_prices_waste_id_wastes_id_fk" FOREIGN KEY ("waste_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handling_waste_prices" ADD CONSTRAINT "handling_waste_prices_unit_measure_id_unit_measures_id_fk" FOREIGN KEY ("unit_measure_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_operator_profiles" ADD CONSTRAINT "transport_operator_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_operator_profiles" ADD CONSTRAINT "transport_operator_profiles_destination_disposal_site_id_disposal_sites_id_fk" FOREIGN KEY ("destination_disposal_site_id") REFERENCES "public"."disposal_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wastes" ADD CONSTRAINT "wastes_parent_id_wastes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_closed_days_unique" ON "business_closed_days" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_area_pos_code_unique" ON "collection_area_postal_codes" USING btree ("transport_company_id","type","pos_code");--> statement-breakpoint
CREATE INDEX "collection_area_prices_area_idx" ON "collection_area_prices" USING btree ("area_id","waste_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_areas_name_unique" ON "collection_areas" USING btree ("transport_company_id","type","area_name");--> statement-breakpoint
CREATE UNIQUE INDEX "disposal_methods_code_unique" ON "disposal_methods" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "disposal_methods_method_unique" ON "disposal_methods" USING btree ("method");--> statement-breakpoint
CREATE UNIQUE INDEX "disposal_sites_code_unique" ON "disposal_sites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "handling_waste_prices_waste_idx" ON "handling_waste_prices" USING btree ("waste_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_styles_code_unique" ON "packing_styles" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_styles_style_unique" ON "packing_styles" USING btree ("style");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_measures_code_unique" ON "unit_measures" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_measures_unit_unique" ON "unit_measures" USING btree ("unit");--> statement-breakpoint
CREATE UNIQUE INDEX "wastes_code_unique" ON "wastes" USING btree ("waste_code");--> statement-breakpoint
CREATE INDEX "wastes_parent_idx" ON "wastes" USING btree ("parent_id");