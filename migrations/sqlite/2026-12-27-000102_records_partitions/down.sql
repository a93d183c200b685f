-- PostgreSQL partitions the usage records by day (its migration of the same name); SQLite has
-- no partitions: its retention deletes the old records in small batches, each its own short
-- transaction, along the index on started_at. Nothing changes here.
SELECT 1;
