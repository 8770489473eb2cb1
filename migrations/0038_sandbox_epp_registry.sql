CREATE TABLE "registry_contacts" (
	"registry" text NOT NULL,
	"id" text NOT NULL,
	"client_id" text NOT NULL,
	"roid" text NOT NULL,
	"auth_code" text NOT NULL,
	"data" jsonb NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"modify_date" timestamp with time zone NOT NULL,
	CONSTRAINT "registry_contacts_registry_id_pk" PRIMARY KEY("registry","id")
);
--> statement-breakpoint
CREATE TABLE "registry_domain_contacts" (
	"domain" text PRIMARY KEY NOT NULL,
	"registrant" text,
	"roles" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_registry_states" (
	"name" text PRIMARY KEY NOT NULL,
	"down_since" timestamp with time zone NOT NULL
);
