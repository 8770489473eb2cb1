CREATE TABLE "domain_suspensions" (
	"suspension_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"lift_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "domain_suspensions" ADD CONSTRAINT "domain_suspensions_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_suspensions_active_kind" ON "domain_suspensions" USING btree ("domain_id","kind") WHERE "domain_suspensions"."lift_date" is null;--> statement-breakpoint
CREATE INDEX "domain_suspensions_domain" ON "domain_suspensions" USING btree ("domain_id");