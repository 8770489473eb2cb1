CREATE TABLE "price_rise_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"before_cents" integer NOT NULL,
	"after_cents" integer NOT NULL,
	"paused" boolean NOT NULL,
	"notice_date" timestamp with time zone NOT NULL,
	"accept_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pricing_rules" (
	"tld" text PRIMARY KEY NOT NULL,
	"margin_basis_points" integer DEFAULT 0 NOT NULL,
	"margin_fixed_cents" integer DEFAULT 0 NOT NULL,
	"rounding" text DEFAULT 'none' NOT NULL,
	"floor_margin_cents" integer DEFAULT 0 NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"pause_above_basis_points" integer DEFAULT 2000 NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_price_marks" (
	"tld" text PRIMARY KEY NOT NULL,
	"cents" integer NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wholesale_cost_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"tld" text NOT NULL,
	"action" text NOT NULL,
	"previous_cents" integer,
	"cents" integer NOT NULL,
	"record_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wholesale_costs" (
	"tld" text NOT NULL,
	"action" text NOT NULL,
	"cents" integer NOT NULL,
	"source" text NOT NULL,
	"sync_date" timestamp with time zone NOT NULL,
	CONSTRAINT "wholesale_costs_tld_action_pk" PRIMARY KEY("tld","action")
);
--> statement-breakpoint
ALTER TABLE "price_rise_notices" ADD CONSTRAINT "price_rise_notices_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_rise_notices_account_idx" ON "price_rise_notices" USING btree ("account_id","domain_id");--> statement-breakpoint
CREATE INDEX "wholesale_cost_history_tld_idx" ON "wholesale_cost_history" USING btree ("tld","action","record_date");