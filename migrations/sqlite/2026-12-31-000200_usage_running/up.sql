-- Running totals of the usage rollups (docs/operations.md, "Usage retention tiers"), so that the
-- health of the traffic and the breakdowns by host and credential cost the number of groups a
-- window touches, not the number of days or hours in it (crates/persistence/src/usage_rollups/
-- running/mod.rs). `usage_groups` holds one row per customer and group of the rollups' key
-- (kind, credential, host, targeted country, outcome and reason), with the first and last day
-- and the last hour it had records. `usage_running_daily` holds, for each day a group had
-- records, its sums from its first record to the end of that day; `usage_running_hourly`, for
-- each hour it had records, its sums from the start of that UTC day to the end of that hour
-- (kept as long as the hourly tier). A window's sums are then the difference of the running
-- totals at its ends, read with one index lookup per group and end.
-- Built here from the rollups already written; the gateway's flush keeps them up to date. Each
-- rollup row finds its group by the unique key, the rollup the outer loop (CROSS JOIN fixes the
-- order in SQLite; left to itself the planner may walk every group of the customer per row).
CREATE TABLE usage_groups (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    credential_kind TEXT NOT NULL,
    credential_label TEXT NOT NULL,
    host TEXT NOT NULL,
    country TEXT NOT NULL,
    outcome TEXT NOT NULL,
    reason TEXT NOT NULL,
    first_day BIGINT NOT NULL,
    last_day BIGINT NOT NULL,
    last_hour BIGINT NOT NULL,
    UNIQUE (user_id, kind, credential_kind, credential_label, host, country, outcome, reason)
);
-- A window's groups: those with records on or after its first day.
CREATE INDEX usage_groups_recent ON usage_groups (user_id, last_day);

CREATE TABLE usage_running_daily (
    group_id BIGINT NOT NULL REFERENCES usage_groups (id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    connections BIGINT NOT NULL CHECK (connections >= 0),
    bytes_up BIGINT NOT NULL CHECK (bytes_up >= 0),
    bytes_down BIGINT NOT NULL CHECK (bytes_down >= 0),
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
    PRIMARY KEY (group_id, day)
) WITHOUT ROWID;

CREATE TABLE usage_running_hourly (
    group_id BIGINT NOT NULL REFERENCES usage_groups (id) ON DELETE CASCADE,
    hour BIGINT NOT NULL,
    connections BIGINT NOT NULL CHECK (connections >= 0),
    bytes_up BIGINT NOT NULL CHECK (bytes_up >= 0),
    bytes_down BIGINT NOT NULL CHECK (bytes_down >= 0),
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
    PRIMARY KEY (group_id, hour)
) WITHOUT ROWID;
-- The purge after the hourly tier's retention walks the oldest hours.
CREATE INDEX usage_running_hourly_hour ON usage_running_hourly (hour);

INSERT INTO usage_groups (user_id, kind, credential_kind, credential_label, host, country, outcome, reason, first_day, last_day, last_hour)
SELECT user_id, kind, credential_kind, credential_label, host, country, outcome, reason, MIN(day), MAX(day), MAX(day)
FROM usage_daily_rollup
GROUP BY user_id, kind, credential_kind, credential_label, host, country, outcome, reason;
INSERT INTO usage_running_daily (group_id, day, connections, bytes_up, bytes_down, connect_lt10, connect_lt18, connect_lt32, connect_lt56, connect_lt100, connect_lt178, connect_lt316, connect_lt562, connect_lt1000, connect_lt1778, connect_lt3162, connect_lt5623, connect_lt10000, connect_ge10000)
SELECT g.id, r.day, SUM(r.connections) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.bytes_up) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.bytes_down) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt10) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt18) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt32) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt56) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt100) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt178) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt316) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt562) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt1000) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt1778) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt3162) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt5623) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_lt10000) OVER (PARTITION BY g.id ORDER BY r.day), SUM(r.connect_ge10000) OVER (PARTITION BY g.id ORDER BY r.day)
FROM usage_daily_rollup r
CROSS JOIN usage_groups g ON g.user_id = r.user_id AND g.kind = r.kind AND g.credential_kind = r.credential_kind AND g.credential_label = r.credential_label AND g.host = r.host AND g.country = r.country AND g.outcome = r.outcome AND g.reason = r.reason;

INSERT INTO usage_running_hourly (group_id, hour, connections, bytes_up, bytes_down, connect_lt10, connect_lt18, connect_lt32, connect_lt56, connect_lt100, connect_lt178, connect_lt316, connect_lt562, connect_lt1000, connect_lt1778, connect_lt3162, connect_lt5623, connect_lt10000, connect_ge10000)
SELECT g.id, r.hour, SUM(r.connections) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.bytes_up) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.bytes_down) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt10) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt18) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt32) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt56) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt100) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt178) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt316) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt562) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt1000) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt1778) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt3162) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt5623) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_lt10000) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour), SUM(r.connect_ge10000) OVER (PARTITION BY g.id, r.hour / 86400 ORDER BY r.hour)
FROM usage_hourly r
CROSS JOIN usage_groups g ON g.user_id = r.user_id AND g.kind = r.kind AND g.credential_kind = r.credential_kind AND g.credential_label = r.credential_label AND g.host = r.host AND g.country = r.country AND g.outcome = r.outcome AND g.reason = r.reason;

-- The last hour from the group's newest hourly row (none once the hourly tier was purged: then
-- its last day's start, which no hourly row follows).
UPDATE usage_groups SET last_hour = COALESCE((SELECT MAX(x.hour) FROM usage_running_hourly x
    WHERE x.group_id = usage_groups.id), last_hour);
