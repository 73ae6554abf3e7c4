CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"plate_number" varchar(32) DEFAULT '' NOT NULL,
	"vehicle_class" varchar(8) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT business_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT business_now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"collection_id" integer NOT NULL,
	"transport_company_id" integer NOT NULL,
	"driver_user_id" integer NOT NULL,
	"vehicle_id" integer,
	"result" varchar(16) NOT NULL,
	"reason_code" varchar(24),
	"reason_text" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"base_date" date NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT business_now() NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"state" varchar(24) NOT NULL,
	"conflict_code" varchar(48),
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"has_photo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "driver_user_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "stop_order" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_marks" ADD CONSTRAINT "collection_marks_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_marks" ADD CONSTRAINT "collection_marks_transport_company_id_companies_id_fk" FOREIGN KEY ("transport_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_marks" ADD CONSTRAINT "collection_marks_driver_user_id_users_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_marks" ADD CONSTRAINT "collection_marks_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_marks" ADD CONSTRAINT "collection_marks_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_company_name_unique" ON "vehicles" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_marks_client_unique" ON "collection_marks" USING btree ("driver_user_id","client_id");--> statement-breakpoint
CREATE INDEX "collection_marks_collection_idx" ON "collection_marks" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "collection_marks_company_state_idx" ON "collection_marks" USING btree ("transport_company_id","state");--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_driver_user_id_users_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_driver_date_idx" ON "collections" USING btree ("driver_user_id","date");--> statement-breakpoint
CREATE INDEX "collections_vehicle_date_idx" ON "collections" USING btree ("vehicle_id","date");--> statement-breakpoint
-- A mark's photo is an attachment row (owner COLLECTION_MARK) without a foreign key: when marks go with their
-- collection (a contract's end, a deleted project), their photo rows go too, and the orphan sweep removes the objects.
CREATE FUNCTION collection_marks_drop_photos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attachments WHERE owner_type = 'COLLECTION_MARK' AND owner_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER collection_marks_drop_photos AFTER DELETE ON collection_marks
  FOR EACH ROW EXECUTE FUNCTION collection_marks_drop_photos();
