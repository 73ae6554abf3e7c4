ALTER TABLE "quote_lines" ADD COLUMN "pricing_basis" varchar(16) DEFAULT 'QUANTITY' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "bag_size" integer;