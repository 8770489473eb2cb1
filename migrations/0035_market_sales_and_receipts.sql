CREATE TABLE "market_sales" (
	"sale_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"domain" text NOT NULL,
	"seller_account_id" integer NOT NULL,
	"buyer_account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"offer_id" integer,
	"price" integer NOT NULL,
	"payout_percent" integer NOT NULL,
	"payout" integer NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"buyer_domain_id" integer,
	"claim_date" timestamp with time zone NOT NULL,
	"complete_date" timestamp with time zone,
	"handover_date" timestamp with time zone,
	CONSTRAINT "market_sales_orderLineId_unique" UNIQUE("order_line_id")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "market_price" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD COLUMN "answer_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD COLUMN "accept_token_hash" text;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD COLUMN "accept_expire_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_seller_account_id_accounts_account_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_buyer_account_id_accounts_account_id_fk" FOREIGN KEY ("buyer_account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_sales_sold_once" ON "market_sales" USING btree ("domain_id") WHERE "market_sales"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "market_sales_handover_due" ON "market_sales" USING btree ("sale_id") WHERE "market_sales"."status" = 'completed' and "market_sales"."handover_date" is null;--> statement-breakpoint
CREATE INDEX "orders_receipt_due" ON "orders" USING btree ("order_id") WHERE "orders"."status" = 'completed' and "orders"."receipt_date" is null;--> statement-breakpoint
ALTER TABLE "domain_offers" ADD CONSTRAINT "domain_offers_acceptTokenHash_unique" UNIQUE("accept_token_hash");