-- Back to one table: the rows copied, the indexes created again, the key on id alone.
ALTER TABLE connection_records RENAME TO connection_records_partitioned;
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
);
ALTER SEQUENCE connection_records_id_seq OWNED BY connection_records.id;
INSERT INTO connection_records (id, user_id, started_at, duration_ms, credential_kind,
    credential_id, credential_label, kind, host, port, bytes_up, bytes_down, outcome, reason,
    upstream_id)
SELECT id, user_id, started_at, duration_ms, credential_kind, credential_id, credential_label,
    kind, host, port, bytes_up, bytes_down, outcome, reason, upstream_id
FROM connection_records_partitioned;
DO $$
DECLARE
    definitions TEXT[];
    definition TEXT;
BEGIN
    SELECT coalesce(array_agg(indexdef ORDER BY indexname), '{}') INTO definitions
        FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'connection_records_partitioned'
          AND indexname <> 'connection_records_partitioned_pkey'
          AND indexname <> 'connection_records_pkey';
    DROP TABLE connection_records_partitioned;
    FOREACH definition IN ARRAY definitions LOOP
        EXECUTE replace(replace(definition, 'ON ONLY ', 'ON '),
                        'connection_records_partitioned USING', 'connection_records USING');
    END LOOP;
END
$$;
ALTER TABLE connection_records ADD PRIMARY KEY (id);
