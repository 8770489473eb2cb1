CREATE TABLE "totp_spent_steps" (
	"mfa_id" integer NOT NULL,
	"step" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "totp_spent_steps_mfa_id_step_pk" PRIMARY KEY("mfa_id","step")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "totp_spent_steps" ADD CONSTRAINT "totp_spent_steps_mfa_id_mfas_mfa_id_fk" FOREIGN KEY ("mfa_id") REFERENCES "public"."mfas"("mfa_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Steps spent before this table existed were kept in mfa_challenges.code_hash as 'totp:<step>'; carry them over so
-- a code accepted just before the upgrade is still refused a second time.
INSERT INTO "totp_spent_steps" ("mfa_id", "step")
SELECT "mfa_id", substring("code_hash" from 6)::integer FROM "mfa_challenges"
WHERE "code_hash" ~ '^totp:[0-9]+$' AND "use_date" IS NOT NULL
ON CONFLICT DO NOTHING;
