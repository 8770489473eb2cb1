ALTER TABLE "accounts" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A demo account seeded before this column existed is still the one whose password was printed at start.
UPDATE "accounts" SET "is_demo" = true WHERE "account_id" IN (SELECT "account_id" FROM "users" WHERE lower("email") = 'demo@example.com');
