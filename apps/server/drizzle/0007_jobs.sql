ALTER TABLE "mail_outbox" ADD COLUMN "message_id" varchar(255);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_undelivered_idx" ON "mail_outbox" USING btree ("status","created_at") WHERE "mail_outbox"."status" in ('PENDING', 'SENDING', 'FAILED');