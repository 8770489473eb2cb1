CREATE TABLE "billing_schedules" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"billing_day" integer NOT NULL,
	"next_bill_date" timestamp with time zone NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_bills" (
	"recurring_bill_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"period" text NOT NULL,
	"bill_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"amount" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" timestamp with time zone NOT NULL,
	"claim_date" timestamp with time zone,
	"payment_intent_id" text,
	"last_error" text,
	"create_date" timestamp with time zone NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_bills" ADD CONSTRAINT "recurring_bills_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_bills_account_period" ON "recurring_bills" USING btree ("account_id","period");