CREATE TABLE "staff_enrolments" (
	"staff_enrolment_id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_enrolments_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"staff_id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_pending_secret" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"enrol_date" timestamp with time zone,
	"last_sign_in_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_passkeys" (
	"staff_passkey_id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_date" timestamp with time zone,
	CONSTRAINT "staff_passkeys_credentialId_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"staff_session_id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"state" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"last_seen_date" timestamp with time zone DEFAULT now() NOT NULL,
	"revoke_date" timestamp with time zone,
	CONSTRAINT "staff_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_totp_steps" (
	"staff_id" integer NOT NULL,
	"step" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_totp_steps_staff_id_step_pk" PRIMARY KEY("staff_id","step")
);
--> statement-breakpoint
CREATE TABLE "staff_webauthn_challenges" (
	"staff_webauthn_challenge_id" serial PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"staff_session_id" integer NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_webauthn_challenges_challenge_unique" UNIQUE("challenge")
);
--> statement-breakpoint
CREATE TABLE "account_activity" (
	"activity_id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"actor" text,
	"reason" text,
	"ip" text,
	"user_agent" text,
	"audit_id" bigint
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"staff_email" text,
	"staff_role" text,
	"client_ip" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"account_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "staff_enrolments" ADD CONSTRAINT "staff_enrolments_staff_id_staff_members_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_passkeys" ADD CONSTRAINT "staff_passkeys_staff_id_staff_members_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_members_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_totp_steps" ADD CONSTRAINT "staff_totp_steps_staff_id_staff_members_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("staff_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_webauthn_challenges" ADD CONSTRAINT "staff_webauthn_challenges_staff_session_id_staff_sessions_staff_session_id_fk" FOREIGN KEY ("staff_session_id") REFERENCES "public"."staff_sessions"("staff_session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_activity" ADD CONSTRAINT "account_activity_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_email_lower" ON "staff_members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_passkeys_staff" ON "staff_passkeys" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "account_activity_account" ON "account_activity" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_account" ON "audit_log" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_staff" ON "audit_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_type","target_id");