DROP INDEX "order_lines_order";--> statement-breakpoint
DROP INDEX "orders_in_progress";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorize_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lease_expire_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "orders_in_progress" ON "orders" USING btree ("lease_expire_date") WHERE "orders"."status" in ('pending', 'authorized');