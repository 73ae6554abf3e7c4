ALTER TABLE "manifests" ADD COLUMN "waste_line_id" integer;--> statement-breakpoint
ALTER TABLE "manifests" ADD COLUMN "quantity" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "manifests" ADD COLUMN "unit_measure_id" integer;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_waste_line_id_project_waste_lines_id_fk" FOREIGN KEY ("waste_line_id") REFERENCES "public"."project_waste_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_unit_measure_id_unit_measures_id_fk" FOREIGN KEY ("unit_measure_id") REFERENCES "public"."unit_measures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manifests_waste_line_idx" ON "manifests" USING btree ("waste_line_id","delivery_date");--> statement-breakpoint
-- Manifests registered through the product before their quantity was kept: their registration's audit record
-- holds the quantity, the unit and the line named.
UPDATE "manifests" AS m SET
  "quantity" = (a."detail"->>'quantity')::numeric,
  "unit_measure_id" = u."id",
  "waste_line_id" = l."id"
FROM "audit_logs" AS a
JOIN "unit_measures" AS u ON u."unit" = a."detail"->>'unit'
LEFT JOIN "project_waste_lines" AS l ON l."id" = (a."detail"->>'wasteLineId')::integer
WHERE a."action" = 'manifest.register' AND a."entity" = 'manifest' AND a."entity_id" = m."manifest_number";
