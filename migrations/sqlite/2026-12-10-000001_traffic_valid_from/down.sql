ALTER TABLE traffic_balances DROP COLUMN valid_from;
