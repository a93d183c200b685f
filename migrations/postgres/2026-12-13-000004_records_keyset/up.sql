-- The customer's records newest first walk (user_id, started_at, id): the list's order and the
-- CSV export's keyset cursor, `(started_at, id) < (?, ?)`, which this index serves as a bound.
-- It replaces the index on (user_id, started_at), which it covers.
CREATE INDEX connection_records_user_started_id ON connection_records (user_id, started_at, id);
DROP INDEX connection_records_user_started;
