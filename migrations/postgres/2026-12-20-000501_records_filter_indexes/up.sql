-- The request list's filters as index prefixes: one kind (every generator page sends one), and
-- one kind with one outcome; each ends in (started_at, id), the list's order and its keyset
-- cursor `(started_at, id) < (?, ?)`, so a filtered page seeks and reads only its rows.
CREATE INDEX connection_records_user_kind_started_id ON connection_records (user_id, kind, started_at, id);
CREATE INDEX connection_records_user_kind_outcome_started_id ON connection_records (user_id, kind, outcome, started_at, id);
