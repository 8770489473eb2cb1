CREATE TABLE "accounts" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"registrant_contact" jsonb,
	"whois_admin_contact" jsonb,
	"whois_tech_contact" jsonb,
	"whois_billing_contact" jsonb,
	"whois_redaction_opt_out" boolean DEFAULT false NOT NULL,
	"tdrp_opt_out" boolean DEFAULT false NOT NULL,
	"advanced_enabled" boolean DEFAULT false NOT NULL,
	"pending_changes" boolean DEFAULT false NOT NULL,
	"stated_source" text,
	"referrer" text,
	"landing" text,
	"payment_customer_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"mfa_challenge_id" serial PRIMARY KEY NOT NULL,
	"mfa_id" integer NOT NULL,
	"session_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfas" (
	"mfa_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_tokens" (
	"recovery_token_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer,
	"account_id" integer,
	"state" text NOT NULL,
	"post_login_url" text,
	"ip" text,
	"user_agent" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"revoke_date" timestamp with time zone,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"sign_in_event_id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"user_id" integer,
	"ip" text,
	"kind" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"payment_method_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"cart_id" integer,
	"provider" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"provider_customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"transaction_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"domain_id" integer,
	"order_id" integer,
	"payment_reference" text,
	"meta_data" jsonb,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"cart_item_id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"type" text DEFAULT 'domain' NOT NULL,
	"domain" text NOT NULL,
	"domain_type" text NOT NULL,
	"auth_code" text,
	"years" integer DEFAULT 1 NOT NULL,
	"premium_price" integer,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"hosting_enabled" boolean DEFAULT false NOT NULL,
	"protection_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"cart_id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer,
	"anon_token_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"contact" jsonb,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_phone" text,
	"payment_method_id" integer DEFAULT -1 NOT NULL,
	"payment_setup_complete" boolean DEFAULT false NOT NULL,
	"payment_status" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_date" timestamp with time zone,
	"delete_date" timestamp with time zone,
	CONSTRAINT "carts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "carts_anonTokenHash_unique" UNIQUE("anon_token_hash")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"account_id" integer,
	"status" text NOT NULL,
	"total_price" integer NOT NULL,
	"payment_intent_id" text,
	"error" text,
	"detail" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_cartId_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"verification_code_id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"use_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"dns_record_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"type" text NOT NULL,
	"host" text NOT NULL,
	"data" text NOT NULL,
	"priority" integer,
	"weight" integer,
	"port" integer,
	"ttl" integer DEFAULT 3600 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"domain_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"auto_renew_enabled" boolean DEFAULT true NOT NULL,
	"auto_renew_date" timestamp with time zone,
	"locked" boolean DEFAULT true NOT NULL,
	"auth_code" text,
	"auth_code_expire_date" timestamp with time zone,
	"privacy_enabled" boolean DEFAULT true NOT NULL,
	"protection_enabled" boolean DEFAULT false NOT NULL,
	"website_type" text DEFAULT 'park' NOT NULL,
	"forward_url" text,
	"park_type" text DEFAULT 'default' NOT NULL,
	"builder_enabled" boolean DEFAULT false NOT NULL,
	"builder_url" text,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"mrc" integer DEFAULT 0 NOT NULL,
	"ns" text[] DEFAULT '{}' NOT NULL,
	"for_sale" boolean DEFAULT false NOT NULL,
	"list_price" integer,
	"floor_price" integer,
	"accept_offers" boolean DEFAULT true NOT NULL,
	"for_sale_page" boolean DEFAULT true NOT NULL,
	"outbound_transfer_status" text,
	"inbound_transfer_status" text,
	"outbound_transfer_approval_deadline" timestamp with time zone,
	"redemption_period_start_date" timestamp with time zone,
	"tdrp_hold_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"email_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"address" text NOT NULL,
	"type" text NOT NULL,
	"password_hash" text,
	"destination" text,
	"size" real DEFAULT 0 NOT NULL,
	"quota" real DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registered_nameservers" (
	"registered_nameserver_id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"hostname" text NOT NULL,
	"ip_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "registry_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"registrar_name" text NOT NULL,
	"ours" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT true NOT NULL,
	"auth_code" text NOT NULL,
	"nameservers" text[] DEFAULT '{}' NOT NULL,
	"statuses" text[] DEFAULT '{}' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modify_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"transfer_complete_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spent_bot_tokens" (
	"signature" text PRIMARY KEY NOT NULL,
	"expire_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_mfa_id_mfas_mfa_id_fk" FOREIGN KEY ("mfa_id") REFERENCES "public"."mfas"("mfa_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfas" ADD CONSTRAINT "mfas_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_tokens" ADD CONSTRAINT "recovery_tokens_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registered_nameservers" ADD CONSTRAINT "registered_nameservers_domain_id_domains_domain_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("domain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "transactions_account_date" ON "transactions" USING btree ("account_id","start_date");--> statement-breakpoint
CREATE INDEX "cart_items_cart" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "carts_account" ON "carts" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "domains_account" ON "domains" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "domains_name" ON "domains" USING btree ("domain");