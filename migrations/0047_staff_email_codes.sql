CREATE TABLE "staff_email_codes" (
	"staff_email_code_id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_email_codes" ADD CONSTRAINT "staff_email_codes_staff_id_staff_members_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_email_codes_staff" ON "staff_email_codes" USING btree ("staff_id");