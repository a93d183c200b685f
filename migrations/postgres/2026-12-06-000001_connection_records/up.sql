-- One row per gateway connection of a known customer (docs/api.md, "Usage records"): when it
-- opened and for how long, the credential that opened it (its label as it was then), the kind,
-- the target as requested, the bytes metered each way, and how it ended. Written by the
-- gateway's flush in batches; rows older than PROXYSHOP_USAGE_RETENTION_DAYS are purged.
CREATE TABLE connection_records (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_at BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL CHECK (duration_ms >= 0),
    credential_kind TEXT NOT NULL,
    credential_id BIGINT,
    credential_label TEXT NOT NULL,
    kind TEXT NOT NULL,
    host TEXT NOT NULL,
    port INTEGER NOT NULL,
    bytes_up BIGINT NOT NULL CHECK (bytes_up >= 0),
    bytes_down BIGINT NOT NULL CHECK (bytes_down >= 0),
    outcome TEXT NOT NULL,
    reason TEXT
);
CREATE INDEX connection_records_user_started ON connection_records (user_id, started_at);
CREATE INDEX connection_records_started ON connection_records (started_at);
