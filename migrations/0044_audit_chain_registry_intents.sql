CREATE TABLE "registry_intents" (
	"intent_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"domain_id" integer NOT NULL,
	"domain" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"lease_expire_date" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"audit_id" bigint,
	"create_date" timestamp with time zone NOT NULL,
	"settle_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "registry_intents" ADD CONSTRAINT "registry_intents_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_intents_pending" ON "registry_intents" USING btree ("state","lease_expire_date");--> statement-breakpoint
CREATE INDEX "registry_intents_domain" ON "registry_intents" USING btree ("domain_id","state");