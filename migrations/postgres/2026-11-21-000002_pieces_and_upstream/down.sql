DROP INDEX piece_proxies_expiry;
ALTER TABLE piece_proxies DROP COLUMN released_at;
ALTER TABLE piece_proxies DROP COLUMN stock_id;
ALTER TABLE piece_orders DROP COLUMN stock_id;
DROP TABLE piece_stock;
DROP TABLE upstream_accounts;
ALTER TABLE plans DROP COLUMN available_until;
ALTER TABLE traffic_balances DROP COLUMN expires_at;
