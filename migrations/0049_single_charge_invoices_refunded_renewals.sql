DROP INDEX "renewals_one_per_term";--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_payment_invoice" ON "billing_documents" USING btree ("payment_intent_id") WHERE "billing_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_one_per_term" ON "renewals" USING btree ("domain_id","from_expire_date") WHERE "renewals"."status" not in ('failed', 'refunded');