CREATE TABLE "customer_notes" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"staff_id" integer,
	"staff_email" text,
	"body" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "mfa_enrolment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_account" ON "customer_notes" USING btree ("account_id","create_date");