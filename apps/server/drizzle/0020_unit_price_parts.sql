ALTER TABLE "contract_unit_prices" ADD COLUMN "transport_unit_price" integer;--> statement-breakpoint
ALTER TABLE "contract_unit_prices" ADD COLUMN "disposal_unit_price" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "transport_unit_price" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "disposal_unit_price" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "contract_form" varchar(16);