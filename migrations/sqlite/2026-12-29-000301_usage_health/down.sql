-- Back to the rollups without country or connect times (rows of one group but another country are
-- added together).
CREATE TABLE usage_hourly_old (
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
INSERT INTO usage_hourly_old
SELECT user_id, hour, kind, credential_kind, credential_label, host, outcome, reason,
       SUM(connections), SUM(bytes_up), SUM(bytes_down), SUM(charged_bytes), SUM(under_1s),
       SUM(under_10s), SUM(under_1m), SUM(over_1m)
FROM usage_hourly GROUP BY user_id, hour, kind, credential_kind, credential_label, host, outcome, reason;
DROP TABLE usage_hourly;
ALTER TABLE usage_hourly_old RENAME TO usage_hourly;
CREATE TABLE usage_daily_rollup_old (
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
INSERT INTO usage_daily_rollup_old
SELECT user_id, day, kind, credential_kind, credential_label, host, outcome, reason,
       SUM(connections), SUM(bytes_up), SUM(bytes_down), SUM(charged_bytes), SUM(under_1s),
       SUM(under_10s), SUM(under_1m), SUM(over_1m)
FROM usage_daily_rollup GROUP BY user_id, day, kind, credential_kind, credential_label, host, outcome, reason;
DROP TABLE usage_daily_rollup;
ALTER TABLE usage_daily_rollup_old RENAME TO usage_daily_rollup;
CREATE INDEX usage_hourly_hour ON usage_hourly (hour);
ALTER TABLE connection_records DROP COLUMN country;
ALTER TABLE connection_records DROP COLUMN connect_ms;
