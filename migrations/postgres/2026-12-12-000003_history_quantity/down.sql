ALTER TABLE proxy_history DROP COLUMN quantity;
