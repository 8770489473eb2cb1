ALTER TABLE "cart_items" ADD COLUMN "premium_renew_price" integer;
