CREATE TABLE "invoice_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"sent_by" integer,
	"acting_admin_id" integer,
	"recipients" integer DEFAULT 0 NOT NULL,
	"files_attached" boolean DEFAULT false NOT NULL,
	"outbox_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"root_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supersedes_id" integer,
	"superseded_by_id" integer,
	"superseded_at" timestamp with time zone,
	"project_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"discharger_company_id" integer NOT NULL,
	"payment_method" varchar(16) NOT NULL,
	"billing_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"settlement_date" date,
	"paid_via" varchar(16),
	"payment_ref" varchar(128),
	"paid_at" timestamp with time zone,
	"billed_at" timestamp with time zone,
	"overdue_step" smallint DEFAULT 0 NOT NULL,
	"overdue_at" timestamp with time zone,
	"source" varchar(16) DEFAULT 'UPLOAD' NOT NULL,
	"created_by" integer,
	"acting_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_supersedes_id_invoices_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_superseded_by_id_invoices_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_discharger_company_id_companies_id_fk" FOREIGN KEY ("discharger_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_sends_root_idx" ON "invoice_sends" USING btree ("root_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sends_reminder_unique" ON "invoice_sends" USING btree ("invoice_id","kind","step") WHERE "invoice_sends"."kind" = 'OVERDUE_REMINDER';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_root_version_unique" ON "invoices" USING btree ("root_id","version");--> statement-breakpoint
CREATE INDEX "invoices_transport_current_idx" ON "invoices" USING btree ("transport_company_id","billing_date","id") WHERE "invoices"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_discharger_current_idx" ON "invoices" USING btree ("discharger_company_id","billing_date","id") WHERE "invoices"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_billed_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."status" = 'BILLED' and "invoices"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id");