ALTER TABLE "outbox" ADD COLUMN "envelope_from" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "raw" "bytea";