DROP TABLE upstream_daily;
ALTER TABLE connection_records DROP COLUMN upstream_id;
