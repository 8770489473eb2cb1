-- Sandbox mailbox messages stored as text before bytes were kept: their bytes move to `content` (as the UTF-8 they were
-- decoded to), so every message is read from one column.
UPDATE "sandbox_mail_messages" SET "content" = convert_to("raw", 'UTF8'), "raw" = NULL WHERE "content" IS NULL AND "raw" IS NOT NULL;
