CREATE TABLE "seller_payouts" (
	"seller_payout_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"destination" text,
	"staff_id" integer,
	"idempotency_key" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payouts_key" ON "seller_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "seller_payouts_account" ON "seller_payouts" USING btree ("account_id");