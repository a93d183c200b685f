ALTER TABLE connection_records DROP COLUMN source;
