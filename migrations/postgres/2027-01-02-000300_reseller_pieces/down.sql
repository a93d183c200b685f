DROP TABLE reseller_piece_moves;
DROP INDEX piece_proxies_client;
ALTER TABLE piece_proxies DROP COLUMN client_id;
