-- Orders completed before emailed receipts existed are not receipted now: only orders completed from here on get one.
UPDATE "orders" SET "receipt_date" = "modify_date" WHERE "status" = 'completed' AND "receipt_date" IS NULL;
