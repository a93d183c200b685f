-- The gateway's usage records partitioned by UTC day (native declarative partitioning on
-- started_at, unix seconds), so that the retention drops a whole day's table instead of deleting
-- its rows one by one (docs/operations.md, "Usage retention tiers"). One table per day, named
-- connection_records_YYYYMMDD, holds [day, day + 86400); the usage job creates them ahead
-- (persistence::connection_records::partitions) and drops those past the retention. The
-- DEFAULT partition takes any row no day table covers (a day not created yet, records older than
-- the first day table), so a flush never fails for want of a partition; the job purges it in
-- batches like SQLite's table.
--
-- The primary key includes the partition column, (id, started_at): ids still come from the one
-- sequence, so they stay unique; every read names a record by (started_at, id) (the keyset
-- cursor) or walks id ranges (the rollups' back-fill), which this key and the indexes serve.
-- The existing rows are copied, and every index of the old table is created again on the new
-- one (the same definitions, on each partition).
ALTER TABLE connection_records RENAME TO connection_records_unpartitioned;
ALTER SEQUENCE connection_records_id_seq OWNED BY NONE;
CREATE TABLE connection_records (
    id BIGINT NOT NULL DEFAULT nextval('connection_records_id_seq'),
    user_id BIGINT NOT NULL
        CONSTRAINT connection_records_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    started_at BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL CONSTRAINT connection_records_duration_ms_check CHECK (duration_ms >= 0),
    credential_kind TEXT NOT NULL,
    credential_id BIGINT,
    credential_label TEXT NOT NULL,
    kind TEXT NOT NULL,
    host TEXT NOT NULL,
    port INTEGER NOT NULL,
    bytes_up BIGINT NOT NULL CONSTRAINT connection_records_bytes_up_check CHECK (bytes_up >= 0),
    bytes_down BIGINT NOT NULL CONSTRAINT connection_records_bytes_down_check CHECK (bytes_down >= 0),
    outcome TEXT NOT NULL,
    reason TEXT,
    upstream_id BIGINT
) PARTITION BY RANGE (started_at);
ALTER SEQUENCE connection_records_id_seq OWNED BY connection_records.id;
CREATE TABLE connection_records_default PARTITION OF connection_records DEFAULT;

-- A table per day from the oldest record's day (at most 60 days back: older rows go to the
-- default partition, and the next purge removes them) to 7 days ahead, as the job keeps it.
DO $$
DECLARE
    today BIGINT := floor(extract(epoch FROM now()) / 86400)::BIGINT * 86400;
    d BIGINT;
BEGIN
    SELECT greatest(coalesce(floor(min(started_at) / 86400.0)::BIGINT * 86400, today), today - 60 * 86400)
        INTO d FROM connection_records_unpartitioned;
    WHILE d <= today + 7 * 86400 LOOP
        EXECUTE format(
            'CREATE TABLE %I PARTITION OF connection_records FOR VALUES FROM (%s) TO (%s)',
            'connection_records_' || to_char(to_timestamp(d) AT TIME ZONE 'UTC', 'YYYYMMDD'),
            d, d + 86400);
        d := d + 86400;
    END LOOP;
END
$$;

INSERT INTO connection_records (id, user_id, started_at, duration_ms, credential_kind,
    credential_id, credential_label, kind, host, port, bytes_up, bytes_down, outcome, reason,
    upstream_id)
SELECT id, user_id, started_at, duration_ms, credential_kind, credential_id, credential_label,
    kind, host, port, bytes_up, bytes_down, outcome, reason, upstream_id
FROM connection_records_unpartitioned;

DO $$
DECLARE
    definitions TEXT[];
    definition TEXT;
BEGIN
    SELECT coalesce(array_agg(indexdef ORDER BY indexname), '{}') INTO definitions
        FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'connection_records_unpartitioned'
          AND indexname <> 'connection_records_pkey';
    DROP TABLE connection_records_unpartitioned;
    FOREACH definition IN ARRAY definitions LOOP
        EXECUTE replace(definition, 'connection_records_unpartitioned USING',
                        'connection_records USING');
    END LOOP;
END
$$;
ALTER TABLE connection_records ADD PRIMARY KEY (id, started_at);
