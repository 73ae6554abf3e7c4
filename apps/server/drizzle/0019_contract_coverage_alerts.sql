CREATE TABLE "contract_coverage_alerts" (
	"contract_id" integer NOT NULL,
	"gap_key" text NOT NULL,
	"district" text,
	"waste_kind_id" integer,
	"reason" varchar(24) NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_coverage_alerts_contract_id_gap_key_pk" PRIMARY KEY("contract_id","gap_key")
);
--> statement-breakpoint
ALTER TABLE "contract_coverage_alerts" ADD CONSTRAINT "contract_coverage_alerts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;