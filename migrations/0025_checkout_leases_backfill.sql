-- Orders a checkout was working on when this version was deployed carry no lease yet. Their process touched the order
-- before and after every registry call, so its last touch plus the lease's 30 s stands in for one; the authorisation
-- key they used is the one checkout always derived (order, attempt); their lines belong to the current attempt unless
-- an earlier attempt refused them (every line of a failed attempt ends `failed`).
UPDATE "orders" SET "lease_expire_date" = "modify_date" + interval '30 seconds'
WHERE "status" IN ('pending', 'authorized') AND "lease_expire_date" IS NULL;
--> statement-breakpoint
UPDATE "orders" SET "authorize_key" = 'order-' || "order_id" || '-authorize-' || coalesce("detail"->>'attempt', '1')
WHERE "status" IN ('pending', 'authorized') AND "authorize_key" IS NULL;
--> statement-breakpoint
UPDATE "order_lines" SET "attempt" = coalesce(("orders"."detail"->>'attempt')::int, 1)
FROM "orders"
WHERE "order_lines"."order_id" = "orders"."order_id" AND "orders"."status" IN ('pending', 'authorized', 'unconfirmed')
  AND "order_lines"."state" <> 'failed';
