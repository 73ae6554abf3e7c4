CREATE TABLE "inquiry_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"user_id" integer,
	"side" varchar(16) NOT NULL,
	"acting_admin_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"importance" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "last_side" varchar(16) DEFAULT 'WASTE' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "inquiry_history" ADD CONSTRAINT "inquiry_history_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_history" ADD CONSTRAINT "inquiry_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_history" ADD CONSTRAINT "inquiry_history_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_history_inquiry_idx" ON "inquiry_history" USING btree ("inquiry_id","id");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_last_message_idx" ON "inquiries" USING btree ("last_message_at");--> statement-breakpoint
-- Inquiries written before the history existed: their opening message becomes the first entry, by the company's side.
UPDATE "inquiries" SET "last_side" = c."type", "last_message_at" = "inquiries"."created_at" FROM "companies" c WHERE c."id" = "inquiries"."company_id";--> statement-breakpoint
INSERT INTO "inquiry_history" ("inquiry_id", "kind", "user_id", "side", "content", "created_at") SELECT i."id", 'MESSAGE', i."user_id", c."type", i."content", i."created_at" FROM "inquiries" i JOIN "companies" c ON c."id" = i."company_id";
