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
CREATE INDEX "registry_commands_domain" ON "registry_commands" USING btree ("domain","at");--> statement-breakpoint
CREATE INDEX "registry_commands_connection" ON "registry_commands" USING btree ("connection","at");