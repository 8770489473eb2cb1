ALTER TABLE "sessions" ADD COLUMN "view_as_staff_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "view_as_staff_email" text;