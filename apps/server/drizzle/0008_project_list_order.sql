DROP INDEX "projects_company_idx";--> statement-breakpoint
DROP INDEX "projects_transport_company_idx";--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_transport_company_idx" ON "projects" USING btree ("transport_company_id","created_at","id");