CREATE TABLE "escrow_deposit_files" (
	"deposit_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "escrow_deposit_files_deposit_id_position_pk" PRIMARY KEY("deposit_id","position")
);
--> statement-breakpoint
DROP INDEX "escrow_deposits_day";--> statement-breakpoint
ALTER TABLE "abuse_cases" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD COLUMN "law_enforcement" jsonb;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD COLUMN "sequence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD COLUMN "trigger" text DEFAULT 'schedule' NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD COLUMN "deletion_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD COLUMN "total_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD COLUMN "failure_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrant_verifications" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "registrant_verifications" ADD COLUMN "verify_evidence" text;--> statement-breakpoint
ALTER TABLE "registrant_verifications" ADD COLUMN "verify_reason" text;--> statement-breakpoint
ALTER TABLE "escrow_deposit_files" ADD CONSTRAINT "escrow_deposit_files_deposit_id_escrow_deposits_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."escrow_deposits"("deposit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_deposits_day_sequence" ON "escrow_deposits" USING btree ("deposit_day","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_deposits_scheduled_day" ON "escrow_deposits" USING btree ("deposit_day") WHERE "escrow_deposits"."trigger" = 'schedule';