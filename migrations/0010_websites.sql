CREATE TABLE "websites" (
	"domain_id" integer PRIMARY KEY NOT NULL,
	"forward_keep_path" boolean DEFAULT false NOT NULL,
	"forward_permanent" boolean DEFAULT true NOT NULL,
	"builder_trial_start_date" timestamp with time zone,
	"builder_trial_end_date" timestamp with time zone,
	"site_headline" text,
	"site_text" text,
	"site_accent_color" text,
	"site_background_color" text,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;