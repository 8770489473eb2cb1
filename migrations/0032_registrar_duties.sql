CREATE TABLE "abuse_case_events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"detail" jsonb,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abuse_cases" (
	"case_id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"domain_id" integer,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"first_action_at" timestamp with time zone,
	"registrant_reply_by" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"outcome" text,
	"outcome_note" text,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abuse_reports" (
	"report_id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"source" text NOT NULL,
	"category" text NOT NULL,
	"reporter_email" text NOT NULL,
	"description" text NOT NULL,
	"evidence_links" text[] DEFAULT '{}' NOT NULL,
	"evidence_file_name" text,
	"evidence_file_type" text,
	"evidence_file" "bytea",
	"client_ip" text,
	"message_id" text,
	"create_date" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compliance_settings" (
	"settings_id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_action_hours" integer DEFAULT 48 NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_deposits" (
	"deposit_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"deposit_day" text NOT NULL,
	"watermark" timestamp with time zone NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"files" text[] DEFAULT '{}' NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"error" text,
	"create_date" timestamp with time zone NOT NULL,
	"finish_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registrant_verifications" (
	"verification_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"registrant_name" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	CONSTRAINT "registrant_verifications_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "wdrp_notices" (
	"account_id" integer NOT NULL,
	"account_year" integer NOT NULL,
	"sent_to" text NOT NULL,
	"domain_count" integer NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	CONSTRAINT "wdrp_notices_account_id_account_year_pk" PRIMARY KEY("account_id","account_year")
);
--> statement-breakpoint
ALTER TABLE "abuse_case_events" ADD CONSTRAINT "abuse_case_events_case_id_abuse_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."abuse_cases"("case_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abuse_cases" ADD CONSTRAINT "abuse_cases_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abuse_reports" ADD CONSTRAINT "abuse_reports_case_id_abuse_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."abuse_cases"("case_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrant_verifications" ADD CONSTRAINT "registrant_verifications_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wdrp_notices" ADD CONSTRAINT "wdrp_notices_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abuse_case_events_case" ON "abuse_case_events" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abuse_cases_open_domain" ON "abuse_cases" USING btree ("domain") WHERE "abuse_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "abuse_cases_created" ON "abuse_cases" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "abuse_reports_case" ON "abuse_reports" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "abuse_reports_message" ON "abuse_reports" USING btree ("message_id") WHERE "abuse_reports"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_deposits_day" ON "escrow_deposits" USING btree ("deposit_day");--> statement-breakpoint
CREATE UNIQUE INDEX "registrant_verifications_pending" ON "registrant_verifications" USING btree ("account_id") WHERE "registrant_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "registrant_verifications_email" ON "registrant_verifications" USING btree (lower("email"));