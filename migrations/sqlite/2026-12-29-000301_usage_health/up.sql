-- The health of a customer's traffic (docs/api.md, "Health of the traffic"): each connection's
-- record keeps how long the gateway took to reach its destination (`connect_ms`, directly or
-- through a pool; NULL when it never connected: refused, failed, or written before) and the exit
-- country its username targeted (`country`, two letters; NULL without targeting). The records
-- carry no destination country: the gateway does not geolocate destinations.
-- The rollups gain the country in their key ('' for none: the records written before all have
-- none, so the rows summed so far stay right as they are) and a histogram of the connect times,
-- one column per bucket of `domain::traffic_health::BOUNDS_MS` (0-9 ms, then [10, 18) ms, …,
-- [5623, 10000) ms, and from 10 s), from which the percentiles are estimated.
-- SQLite cannot change a primary key: the two tables are built again and their rows copied.

ALTER TABLE connection_records ADD COLUMN connect_ms BIGINT;
ALTER TABLE connection_records ADD COLUMN country TEXT;

CREATE TABLE usage_hourly_new (
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
INSERT INTO usage_hourly_new (user_id, hour, kind, credential_kind, credential_label, host, country, outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, under_10s, under_1m, over_1m, connect_lt10, connect_lt18, connect_lt32, connect_lt56, connect_lt100, connect_lt178, connect_lt316, connect_lt562, connect_lt1000, connect_lt1778, connect_lt3162, connect_lt5623, connect_lt10000, connect_ge10000)
SELECT user_id, hour, kind, credential_kind, credential_label, host, '', outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, under_10s, under_1m, over_1m, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
FROM usage_hourly;
DROP TABLE usage_hourly;
ALTER TABLE usage_hourly_new RENAME TO usage_hourly;

CREATE TABLE usage_daily_rollup_new (
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
INSERT INTO usage_daily_rollup_new (user_id, day, kind, credential_kind, credential_label, host, country, outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, under_10s, under_1m, over_1m, connect_lt10, connect_lt18, connect_lt32, connect_lt56, connect_lt100, connect_lt178, connect_lt316, connect_lt562, connect_lt1000, connect_lt1778, connect_lt3162, connect_lt5623, connect_lt10000, connect_ge10000)
SELECT user_id, day, kind, credential_kind, credential_label, host, '', outcome, reason, connections, bytes_up, bytes_down, charged_bytes, under_1s, under_10s, under_1m, over_1m, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
FROM usage_daily_rollup;
DROP TABLE usage_daily_rollup;
ALTER TABLE usage_daily_rollup_new RENAME TO usage_daily_rollup;
-- The retention's purge walks the oldest hours of every customer.
CREATE INDEX usage_hourly_hour ON usage_hourly (hour);
