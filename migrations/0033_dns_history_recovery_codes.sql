CREATE TABLE "dns_changes" (
	"change_id" bigserial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"actor" text NOT NULL,
	"summary" text NOT NULL,
	"added" jsonb NOT NULL,
	"removed" jsonb NOT NULL,
	"records" jsonb NOT NULL,
	"restored_from" bigint
);
--> statement-breakpoint
CREATE TABLE "known_devices" (
	"known_device_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"description" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"recovery_code_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dns_changes" ADD CONSTRAINT "dns_changes_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_changes_domain" ON "dns_changes" USING btree ("domain_id","change_id");--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_user_device" ON "known_devices" USING btree ("user_id","device_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_hash" ON "recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "recovery_codes_user" ON "recovery_codes" USING btree ("user_id");