CREATE TABLE "account_credits" (
	"account_credit_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"cart_id" integer,
	"note" text,
	"transaction_id" integer,
	"staff_id" integer,
	"create_date" timestamp with time zone NOT NULL,
	CONSTRAINT "account_credits_cartId_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"refund_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"order_id" integer,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"amount" integer NOT NULL,
	"items" jsonb NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"idempotency_key" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"promo_code_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"tlds" text[] DEFAULT '{}'::text[] NOT NULL,
	"years" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"max_redemptions" integer,
	"max_per_customer" integer,
	"created_by" integer,
	"create_date" timestamp with time zone NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"promo_redemption_id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"account_id" integer,
	"email" text NOT NULL,
	"discount" integer NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_redemptions_cartId_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_promo_code_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("promo_code_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credits_account" ON "account_credits" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_payment" ON "refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code" ON "promo_redemptions" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_email" ON "promo_redemptions" USING btree ("promo_code_id","email");