ALTER TABLE "refunds" ADD COLUMN "customer_note" text;--> statement-breakpoint
-- A refund's reason was copied into the customer's Account activity: it is internal, so those copies go.
UPDATE "account_activity" SET "reason" = NULL WHERE "kind" IN ('order.refund', 'payment.refund');
