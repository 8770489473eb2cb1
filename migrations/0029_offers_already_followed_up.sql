-- Offers made before the for-sale-offers job existed were already emailed to their owners (or refused at once):
-- nothing is left to follow up on them.
UPDATE "domain_offers" SET "follow_up_date" = "create_date" WHERE "follow_up_date" IS NULL;
