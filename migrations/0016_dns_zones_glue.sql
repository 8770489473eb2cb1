CREATE TABLE "dns_zones" (
	"domain_id" integer PRIMARY KEY NOT NULL,
	"serial" integer NOT NULL,
	"content_hash" text NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"addresses" text[] NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"modify_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registered_nameservers" ADD COLUMN "review_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;