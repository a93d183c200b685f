-- The client's address of each connection (the customer's machine, as the gateway saw it), so
-- that the abuse desk names which of a customer's machines connected. NULL in the records
-- written before.
ALTER TABLE connection_records ADD COLUMN source TEXT;
