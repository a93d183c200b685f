-- The usage rollups (docs/operations.md, "Usage retention tiers"): the connection records summed
-- per customer, time bucket, kind, credential, host and outcome, written by the gateway's flush
-- in the transaction that writes the records (each row adds; several nodes add up). The
-- customer's breakdowns read them, never the records, so their cost follows the groups of the
-- window and not the number of connections. `hour` and `day` are the unix seconds of the
-- bucket's start (UTC); `reason` is empty where the record has none; the credential is its kind
-- and label, as the breakdown groups it.
-- `charged_bytes` is what the balance lost (the bytes of traffic kinds); `under_1s`, `under_10s`,
-- `under_1m` and `over_1m` count the connections by how long they lasted (a histogram).
CREATE TABLE usage_hourly (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hour BIGINT NOT NULL,
    kind TEXT NOT NULL,
    credential_kind TEXT NOT NULL,
    credential_label TEXT NOT NULL,
    host TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL,
    connections BIGINT NOT NULL CHECK (connections >= 0),
    bytes_up BIGINT NOT NULL CHECK (bytes_up >= 0),
    bytes_down BIGINT NOT NULL CHECK (bytes_down >= 0),
    charged_bytes BIGINT NOT NULL CHECK (charged_bytes >= 0),
    under_1s BIGINT NOT NULL CHECK (under_1s >= 0),
    under_10s BIGINT NOT NULL CHECK (under_10s >= 0),
    under_1m BIGINT NOT NULL CHECK (under_1m >= 0),
    over_1m BIGINT NOT NULL CHECK (over_1m >= 0),
    PRIMARY KEY (user_id, hour, kind, credential_kind, credential_label, host, outcome, reason)
);
-- The retention's purge walks the oldest hours of every customer.
CREATE INDEX usage_hourly_hour ON usage_hourly (hour);

-- The same sums per UTC day, kept for the account's life.
CREATE TABLE usage_daily_rollup (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    kind TEXT NOT NULL,
    credential_kind TEXT NOT NULL,
    credential_label TEXT NOT NULL,
    host TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL,
    connections BIGINT NOT NULL CHECK (connections >= 0),
    bytes_up BIGINT NOT NULL CHECK (bytes_up >= 0),
    bytes_down BIGINT NOT NULL CHECK (bytes_down >= 0),
    charged_bytes BIGINT NOT NULL CHECK (charged_bytes >= 0),
    under_1s BIGINT NOT NULL CHECK (under_1s >= 0),
    under_10s BIGINT NOT NULL CHECK (under_10s >= 0),
    under_1m BIGINT NOT NULL CHECK (under_1m >= 0),
    over_1m BIGINT NOT NULL CHECK (over_1m >= 0),
    PRIMARY KEY (user_id, day, kind, credential_kind, credential_label, host, outcome, reason)
);

-- The back-fill of the rollups from the records written before them: one row, the records up to
-- `upto` (the newest id when this migration ran) are summed in batches by id, `done_through`
-- the last id summed, advanced in the transaction that adds the batch (so that several
-- instances never add one twice). The flush writes the rollups of every newer record itself.
CREATE TABLE usage_rollup_backfill (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    upto BIGINT NOT NULL,
    done_through BIGINT NOT NULL,
    finished_at BIGINT
);
INSERT INTO usage_rollup_backfill (id, upto, done_through)
SELECT 1, COALESCE(MAX(id), 0), 0 FROM connection_records;

-- The operator's overview reads every customer's days of a range.
CREATE INDEX usage_daily_day ON usage_daily (day);
