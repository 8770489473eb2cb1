-- Carts that already hold a name twice (the double click this index stops) keep its first item.
UPDATE "cart_items" SET "status" = 'deleted'
WHERE "status" = 'active'
  AND "cart_item_id" NOT IN (
    SELECT min("cart_item_id") FROM "cart_items" WHERE "status" = 'active' GROUP BY "cart_id", lower("domain")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_active_domain" ON "cart_items" USING btree ("cart_id",lower("domain")) WHERE "cart_items"."status" = 'active';
