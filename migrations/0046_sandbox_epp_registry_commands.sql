CREATE TABLE "registry_commands" (
	"command_id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"connection" text NOT NULL,
	"command" text NOT NULL,
	"domain" text,
	"cl_trid" text,
	"sv_trid" text,
	"result_code" integer,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "registry_pauses" (
	"connection" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"staff_id" integer
);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE INDEX "registry_commands_domain" ON "registry_commands" USING btree ("domain","at");--> statement-breakpoint
CREATE INDEX "registry_commands_connection" ON "registry_commands" USING btree ("connection","at");