CREATE TABLE "disposal_unit_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_company_id" integer NOT NULL,
	"waste_id" integer NOT NULL,
	"unit_measure_id" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disposal_unit_prices" ADD CONSTRAINT "disposal_unit_prices_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_unit_prices" ADD CONSTRAINT "disposal_unit_prices_waste_id_wastes_id_fk" FOREIGN KEY ("waste_id") REFERENCES "public"."wastes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_unit_prices" ADD CONSTRAINT "disposal_unit_prices_unit_measure_id_unit_measures_id_fk" FOREIGN KEY ("unit_measure_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disposal_unit_prices_company_waste_idx" ON "disposal_unit_prices" USING btree ("transport_company_id","waste_id","unit_measure_id");