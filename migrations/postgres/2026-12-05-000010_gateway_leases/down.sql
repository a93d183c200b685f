DROP TABLE gateway_events;
DROP TABLE gateway_leases;
ALTER TABLE traffic_balances DROP COLUMN leased_bytes;
