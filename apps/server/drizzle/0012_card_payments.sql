CREATE TABLE "card_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"discharger_company_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"attempt_key" varchar(64) NOT NULL,
	"token" varchar(72) NOT NULL,
	"return_url" text NOT NULL,
	"provider_payment_id" varchar(72),
	"status" varchar(16) NOT NULL,
	"decline_code" varchar(32),
	"action_url" text,
	"created_by" integer,
	"acting_admin_id" integer,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_discharger_company_id_companies_id_fk" FOREIGN KEY ("discharger_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_attempt_key_unique" ON "card_payments" USING btree ("attempt_key");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_provider_payment_unique" ON "card_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "card_payments_invoice_idx" ON "card_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "card_payments_open_idx" ON "card_payments" USING btree ("status","updated_at") WHERE status in ('AUTHORIZING', 'REQUIRES_ACTION', 'AUTHORIZED');