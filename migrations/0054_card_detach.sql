ALTER TABLE "payment_methods" ADD COLUMN "detached_at" timestamp with time zone;
