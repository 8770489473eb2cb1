ALTER TABLE "sessions" ADD COLUMN "view_as_staff_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "view_as_staff_email" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "envelope_from" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "raw" "bytea";