-- Clients stay accounts of their own (with their traffic), as ordinary customers; a client the
-- reseller had suspended stays disabled.
DROP TABLE reseller_transfers;
DROP INDEX users_reseller_id;
ALTER TABLE users DROP COLUMN client_note;
ALTER TABLE users DROP COLUMN suspended;
ALTER TABLE users DROP COLUMN reseller_id;
DROP TABLE resellers;
