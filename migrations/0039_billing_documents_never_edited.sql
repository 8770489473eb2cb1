-- Invoices and credit notes are issued once: a correction is a credit note, never an edit or a deletion.
CREATE FUNCTION billing_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'billing documents are never edited or deleted once issued (document %)', OLD.number;
END $$;
--> statement-breakpoint
CREATE TRIGGER billing_documents_never_edited BEFORE UPDATE OR DELETE ON billing_documents
  FOR EACH ROW EXECUTE FUNCTION billing_documents_refuse_change();
