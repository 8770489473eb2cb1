ALTER TABLE "accounts" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "vat_status" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "vat_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "vat_check_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" jsonb;