CREATE TABLE "sandbox_mail_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"kind" text NOT NULL,
	"secret" text,
	"destination" text,
	"quota_bytes" bigint DEFAULT 0 NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mail_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mail_messages" (
	"message_id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"sender" text NOT NULL,
	"subject" text,
	"size_bytes" integer NOT NULL,
	"raw" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_mail_addresses" ADD CONSTRAINT "sandbox_mail_addresses_domain_sandbox_mail_domains_domain_fk" FOREIGN KEY ("domain") REFERENCES "public"."sandbox_mail_domains"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_mail_messages" ADD CONSTRAINT "sandbox_mail_messages_address_sandbox_mail_addresses_address_fk" FOREIGN KEY ("address") REFERENCES "public"."sandbox_mail_addresses"("address") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_mail_messages_address" ON "sandbox_mail_messages" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_address_active" ON "emails" USING btree (lower("address")) WHERE "emails"."status" = 'active';--> statement-breakpoint
CREATE INDEX "emails_domain" ON "emails" USING btree ("domain_id");