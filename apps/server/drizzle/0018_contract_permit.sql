ALTER TABLE "contracts" ADD COLUMN "permit_id" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_permit_idx" ON "contracts" USING btree ("permit_id");