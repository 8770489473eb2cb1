CREATE TABLE "charge_intents" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"amount" integer NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_offers" ADD COLUMN "below_floor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD COLUMN "follow_up_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_intents_account_purpose" ON "charge_intents" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE INDEX "domain_offers_follow_up" ON "domain_offers" USING btree ("create_date") WHERE "domain_offers"."follow_up_date" is null;