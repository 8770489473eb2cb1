-- Custom SQL migration file, put your code below! --
-- The built-in DNS server keeps zones in memory in every ROLE=dns (or all) process. These statement-level triggers
-- tell those processes which domains' zones may have changed (NOTIFY dns_zone_changed, the domain ids, comma
-- separated; `*` when one statement touched more than 500 domains: reload everything), whatever made the change:
-- the API, a job, or SQL by hand. PostgreSQL delivers the notification at commit.
CREATE FUNCTION dns_zone_changed_notify(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('dns_zone_changed', '*');
  ELSE
    PERFORM pg_notify('dns_zone_changed', array_to_string(ids, ','));
  END IF;
END $$;
--> statement-breakpoint
-- Rows inserted or deleted (dns_records, registered_nameservers, dns_zones, domains): their domains.
CREATE FUNCTION dns_zone_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dns_zone_changed_notify(ARRAY(SELECT DISTINCT domain_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows updated: the domains before and after (a record moved between domains changes both).
CREATE FUNCTION dns_zone_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dns_zone_changed_notify(ARRAY(SELECT domain_id FROM old_rows UNION SELECT domain_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A serial written again unchanged (syncZone on a zone whose content stayed) changes nothing served.
CREATE FUNCTION dns_zone_serial_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dns_zone_changed_notify(ARRAY(
    SELECT n.domain_id FROM changed_rows n JOIN old_rows o USING (domain_id) WHERE n.serial IS DISTINCT FROM o.serial));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the columns a zone is built from: renewals, locks and billing update domains all day without touching DNS.
CREATE FUNCTION dns_zone_domains_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dns_zone_changed_notify(ARRAY(
    SELECT n.domain_id FROM changed_rows n JOIN old_rows o USING (domain_id)
    WHERE (n.domain, n.status, n.ns, n.website_type, n.email_enabled, n.ds_records, n.suspended_at)
      IS DISTINCT FROM (o.domain, o.status, o.ns, o.website_type, o.email_enabled, o.ds_records, o.suspended_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dns_records_inserted AFTER INSERT ON dns_records REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER dns_records_deleted AFTER DELETE ON dns_records REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER dns_records_updated AFTER UPDATE ON dns_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_updated();
--> statement-breakpoint
CREATE TRIGGER registered_nameservers_inserted AFTER INSERT ON registered_nameservers REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER registered_nameservers_deleted AFTER DELETE ON registered_nameservers REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER registered_nameservers_updated AFTER UPDATE ON registered_nameservers REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_updated();
--> statement-breakpoint
CREATE TRIGGER dns_zones_inserted AFTER INSERT ON dns_zones REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER dns_zones_updated AFTER UPDATE ON dns_zones REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_serial_updated();
--> statement-breakpoint
CREATE TRIGGER domains_inserted AFTER INSERT ON domains REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER domains_deleted AFTER DELETE ON domains REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
--> statement-breakpoint
CREATE TRIGGER domains_updated AFTER UPDATE ON domains REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_domains_updated();
--> statement-breakpoint
CREATE TRIGGER dns_zones_deleted AFTER DELETE ON dns_zones REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dns_zone_rows_changed();
