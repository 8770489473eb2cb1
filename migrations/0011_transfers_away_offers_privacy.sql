CREATE TABLE "domain_offers" (
	"offer_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text,
	"client_ip" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_transfers" (
	"outbound_transfer_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"domain" text NOT NULL,
	"gaining_registrar" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"request_date" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"settle_date" timestamp with time zone,
	CONSTRAINT "outbound_transfers_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "registry_domains" ADD COLUMN "gaining_registrar" text;--> statement-breakpoint
ALTER TABLE "registry_domains" ADD COLUMN "privacy" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "registry_domains" ADD COLUMN "registrant_contact" jsonb;--> statement-breakpoint
ALTER TABLE "registry_messages" ADD COLUMN "inbound" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "registry_messages" ADD COLUMN "other_registrar" text;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD CONSTRAINT "domain_offers_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_transfers" ADD CONSTRAINT "outbound_transfers_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_transfers" ADD CONSTRAINT "outbound_transfers_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_offers_domain" ON "domain_offers" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "outbound_transfers_domain" ON "outbound_transfers" USING btree ("domain_id");