CREATE TABLE "domain_notices" (
	"domain_notice_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term_expire_date" timestamp with time zone NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_orders" (
	"renewal_order_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"domain_id" integer,
	"term_expire_date" timestamp with time zone,
	"renewal_period" integer NOT NULL,
	"amount" integer NOT NULL,
	"payment_intent_id" text,
	"payment_method_id" integer,
	"card_description" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" timestamp with time zone,
	"last_error" text,
	"create_date" timestamp with time zone NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"renewal_id" serial PRIMARY KEY NOT NULL,
	"renewal_order_id" integer NOT NULL,
	"domain_id" integer NOT NULL,
	"domain" text NOT NULL,
	"from_expire_date" timestamp with time zone NOT NULL,
	"renewal_period" integer NOT NULL,
	"new_expire_date" timestamp with time zone NOT NULL,
	"renew_price" integer NOT NULL,
	"redemption_price" integer DEFAULT 0 NOT NULL,
	"protection_price" integer DEFAULT 0 NOT NULL,
	"protection_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"error" text,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "protection_paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_notices" ADD CONSTRAINT "domain_notices_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD CONSTRAINT "renewal_orders_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_renewal_order_id_renewal_orders_renewal_order_id_fk" FOREIGN KEY ("renewal_order_id") REFERENCES "public"."renewal_orders"("renewal_order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_notices_once" ON "domain_notices" USING btree ("domain_id","kind","term_expire_date");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_orders_key" ON "renewal_orders" USING btree ("account_id","order_key");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_orders_auto_term" ON "renewal_orders" USING btree ("domain_id","term_expire_date");--> statement-breakpoint
CREATE INDEX "renewal_orders_status" ON "renewal_orders" USING btree ("status","next_attempt_date");--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_one_per_term" ON "renewals" USING btree ("domain_id","from_expire_date") WHERE "renewals"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "renewals_order" ON "renewals" USING btree ("renewal_order_id");--> statement-breakpoint
CREATE INDEX "domains_expiry" ON "domains" USING btree ("expire_date");