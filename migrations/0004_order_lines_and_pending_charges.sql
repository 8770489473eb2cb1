CREATE TABLE "order_lines" (
	"order_line_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"domain" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"price" integer NOT NULL,
	"protection_price" integer NOT NULL,
	"monthly_price" integer NOT NULL,
	"total_price" integer NOT NULL,
	"expire_date" timestamp with time zone,
	"domain_id" integer,
	"error" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "pending_charge" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cart_item_id_cart_items_cart_item_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("cart_item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unconfirmed" ON "orders" USING btree ("account_id") WHERE "orders"."status" = 'unconfirmed';