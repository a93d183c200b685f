-- Per customer totals of the rollups without the credential, host and country (docs/operations.md,
-- "Usage retention tiers"): the breakdowns by day and hour and the health by hour of a
-- customer's whole traffic (no host or credential asked for) read these few rows per hour or day
-- instead of one per group. They have the tiers' columns, so that the same code writes and reads
-- them (crates/persistence/src/usage_rollups/write.rs), with the credential, host and country
-- always the same ('main', '', '', ''). The flush adds to them with the tiers; built here from
-- the tiers written so far; the hourly one is purged with the hourly tier.
CREATE TABLE usage_hourly_totals (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hour BIGINT NOT NULL,
    kind TEXT NOT NULL,
    credential_kind TEXT NOT NULL,
    credential_label TEXT NOT NULL,
    host TEXT NOT NULL,
    country TEXT NOT NULL,
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
    connect_lt10 BIGINT NOT NULL CHECK (connect_lt10 >= 0),
    connect_lt18 BIGINT NOT NULL CHECK (connect_lt18 >= 0),
    connect_lt32 BIGINT NOT NULL CHECK (connect_lt32 >= 0),
    connect_lt56 BIGINT NOT NULL CHECK (connect_lt56 >= 0),
    connect_lt100 BIGINT NOT NULL CHECK (connect_lt100 >= 0),
    connect_lt178 BIGINT NOT NULL CHECK (connect_lt178 >= 0),
    connect_lt316 BIGINT NOT NULL CHECK (connect_lt316 >= 0),
    connect_lt562 BIGINT NOT NULL CHECK (connect_lt562 >= 0),
    connect_lt1000 BIGINT NOT NULL CHECK (connect_lt1000 >= 0),
    connect_lt1778 BIGINT NOT NULL CHECK (connect_lt1778 >= 0),
    connect_lt3162 BIGINT NOT NULL CHECK (connect_lt3162 >= 0),
    connect_lt5623 BIGINT NOT NULL CHECK (connect_lt5623 >= 0),
    connect_lt10000 BIGINT NOT NULL CHECK (connect_lt10000 >= 0),
    connect_ge10000 BIGINT NOT NULL CHECK (connect_ge10000 >= 0),
    PRIMARY KEY (user_id, hour, kind, credential_kind, credential_label, host, country, outcome, reason)
);
-- The purge after the hourly tier's retention walks the oldest hours.
CREATE INDEX usage_hourly_totals_hour ON usage_hourly_totals (hour);

CREATE TABLE usage_daily_totals (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    kind TEXT NOT NULL,
    credential_kind TEXT NOT NULL,
    credential_label TEXT NOT NULL,
    host TEXT NOT NULL,
    country TEXT NOT NULL,
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
    connect_lt10 BIGINT NOT NULL CHECK (connect_lt10 >= 0),
    connect_lt18 BIGINT NOT NULL CHECK (connect_lt18 >= 0),
    connect_lt32 BIGINT NOT NULL CHECK (connect_lt32 >= 0),
    connect_lt56 BIGINT NOT NULL CHECK (connect_lt56 >= 0),
    connect_lt100 BIGINT NOT NULL CHECK (connect_lt100 >= 0),
    connect_lt178 BIGINT NOT NULL CHECK (connect_lt178 >= 0),
    connect_lt316 BIGINT NOT NULL CHECK (connect_lt316 >= 0),
    connect_lt562 BIGINT NOT NULL CHECK (connect_lt562 >= 0),
    connect_lt1000 BIGINT NOT NULL CHECK (connect_lt1000 >= 0),
    connect_lt1778 BIGINT NOT NULL CHECK (connect_lt1778 >= 0),
    connect_lt3162 BIGINT NOT NULL CHECK (connect_lt3162 >= 0),
    connect_lt5623 BIGINT NOT NULL CHECK (connect_lt5623 >= 0),
    connect_lt10000 BIGINT NOT NULL CHECK (connect_lt10000 >= 0),
    connect_ge10000 BIGINT NOT NULL CHECK (connect_ge10000 >= 0),
    PRIMARY KEY (user_id, day, kind, credential_kind, credential_label, host, country, outcome, reason)
);

INSERT INTO usage_hourly_totals (user_id, hour, kind, credential_kind, credential_label, host, country, outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, under_10s, under_1m, over_1m, connect_lt10, connect_lt18, connect_lt32, connect_lt56, connect_lt100, connect_lt178, connect_lt316, connect_lt562, connect_lt1000, connect_lt1778, connect_lt3162, connect_lt5623, connect_lt10000, connect_ge10000)
SELECT user_id, hour, kind, 'main', '', '', '', outcome, reason, SUM(connections), SUM(bytes_up), SUM(bytes_down), SUM(charged_bytes), SUM(under_1s), SUM(under_10s), SUM(under_1m), SUM(over_1m), SUM(connect_lt10), SUM(connect_lt18), SUM(connect_lt32), SUM(connect_lt56), SUM(connect_lt100), SUM(connect_lt178), SUM(connect_lt316), SUM(connect_lt562), SUM(connect_lt1000), SUM(connect_lt1778), SUM(connect_lt3162), SUM(connect_lt5623), SUM(connect_lt10000), SUM(connect_ge10000)
FROM usage_hourly
GROUP BY user_id, hour, kind, outcome, reason;

INSERT INTO usage_daily_totals (user_id, day, kind, credential_kind, credential_label, host, country, outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, under_10s, under_1m, over_1m, connect_lt10, connect_lt18, connect_lt32, connect_lt56, connect_lt100, connect_lt178, connect_lt316, connect_lt562, connect_lt1000, connect_lt1778, connect_lt3162, connect_lt5623, connect_lt10000, connect_ge10000)
SELECT user_id, day, kind, 'main', '', '', '', outcome, reason, SUM(connections), SUM(bytes_up), SUM(bytes_down), SUM(charged_bytes), SUM(under_1s), SUM(under_10s), SUM(under_1m), SUM(over_1m), SUM(connect_lt10), SUM(connect_lt18), SUM(connect_lt32), SUM(connect_lt56), SUM(connect_lt100), SUM(connect_lt178), SUM(connect_lt316), SUM(connect_lt562), SUM(connect_lt1000), SUM(connect_lt1778), SUM(connect_lt3162), SUM(connect_lt5623), SUM(connect_lt10000), SUM(connect_ge10000)
FROM usage_daily_rollup
GROUP BY user_id, day, kind, outcome, reason;
