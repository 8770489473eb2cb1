CREATE TABLE "registry_messages" (
	"message_id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"transfer_status" text NOT NULL,
	"text" text NOT NULL,
	"expire_date" timestamp with time zone,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_objects" (
	"object_id" serial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"data" jsonb NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payment_objects_id_unique" UNIQUE("id"),
	CONSTRAINT "sandbox_payment_objects_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "orders_in_progress" ON "orders" USING btree ("modify_date") WHERE "orders"."status" in ('pending', 'authorized');--> statement-breakpoint
CREATE INDEX "registry_domains_transfer_due" ON "registry_domains" USING btree ("transfer_complete_date") WHERE "registry_domains"."transfer_complete_date" is not null;