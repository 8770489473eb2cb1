ALTER TABLE "sandbox_mail_messages" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_mail_domains" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "sandbox_mail_messages" ADD COLUMN "content" "bytea";