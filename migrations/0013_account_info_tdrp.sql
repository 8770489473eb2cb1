CREATE TABLE "tdrp_requests" (
	"tdrp_request_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"registrant_contact" jsonb,
	"tdrp_opt_out" boolean,
	"sent_to" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"decide_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tdrp_requests_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "registry_domains" ADD COLUMN "contacts" jsonb;--> statement-breakpoint
ALTER TABLE "registry_domains" ADD COLUMN "contacts_disclosed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tdrp_requests" ADD CONSTRAINT "tdrp_requests_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tdrp_requests_one_pending" ON "tdrp_requests" USING btree ("account_id") WHERE "tdrp_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tdrp_requests_pending_expiry" ON "tdrp_requests" USING btree ("expire_date") WHERE "tdrp_requests"."status" = 'pending';