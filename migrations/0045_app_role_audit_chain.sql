-- The audit log out of the app's reach (DESIGN.md "Staff, roles and the audit log"). Hand-written, carried over as is
-- when generated migrations are renumbered.
-- 1. The app's login, dotspot_app, may read and write every table but only insert and read audit_log. Migrations run as
--    the owner, who owns every table; only an owner may ALTER (DISABLE TRIGGER) or TRUNCATE a table, and only a
--    superuser may set session_replication_role. A deployment whose owner may not create roles creates dotspot_app
--    itself (README); without the role, the grants are skipped.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dotspot_app') THEN
    BEGIN
      CREATE ROLE dotspot_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'dotspot_app not created (no CREATEROLE): create it as README says';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dotspot_app') AND current_user <> 'dotspot_app' THEN
    EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO dotspot_app', current_database());
    GRANT USAGE ON SCHEMA public TO dotspot_app;
    GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES ON ALL TABLES IN SCHEMA public TO dotspot_app;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO dotspot_app;
    -- Tables and sequences later migrations create (as this same owner) get the same grants.
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES ON TABLES TO dotspot_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO dotspot_app;
    REVOKE ALL ON audit_log FROM dotspot_app;
    GRANT SELECT, INSERT ON audit_log TO dotspot_app;
    -- Readiness (/api/ready) reads which migrations were applied; only the owner applies them.
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') THEN
      GRANT USAGE ON SCHEMA drizzle TO dotspot_app;
      GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO dotspot_app;
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint
-- 2. The hash chain: each row's hash is SHA-256 over the previous row's hash and this row's fields (a JSON array, so no
--    field can spill into the next). Rows are chained in audit_id order; the trigger takes a lock for the rest of the
--    transaction and gives the row its id then, so two writers at once cannot both follow the same row.
CREATE OR REPLACE FUNCTION audit_log_row_hash(prev text, r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || jsonb_build_array(
    r.audit_id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), r.staff_id, r.staff_email, r.staff_role,
    r.client_ip, r.action, r.target_type, r.target_id, r.target_label, r.account_id, r.before, r.after, r.reason
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('dotspot:audit_log_chain'));
  NEW.audit_id := nextval(pg_get_serial_sequence('audit_log', 'audit_id'));
  SELECT hash INTO last_hash FROM audit_log ORDER BY audit_id DESC LIMIT 1;
  NEW.prev_hash := last_hash;
  NEW.hash := audit_log_row_hash(last_hash, NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Rows from before the chain are chained now, in their order (the append-only trigger steps aside for this only).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete;
--> statement-breakpoint
DO $$
DECLARE
  row audit_log;
  last_hash text := NULL;
BEGIN
  FOR row IN SELECT * FROM audit_log ORDER BY audit_id LOOP
    UPDATE audit_log SET prev_hash = last_hash, hash = audit_log_row_hash(last_hash, row) WHERE audit_id = row.audit_id;
    last_hash := audit_log_row_hash(last_hash, row);
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_or_delete;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
