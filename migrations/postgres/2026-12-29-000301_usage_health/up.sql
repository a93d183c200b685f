-- The health of a customer's traffic (docs/api.md, "Health of the traffic"): each connection's
-- record keeps how long the gateway took to reach its destination (`connect_ms`, directly or
-- through a pool; NULL when it never connected: refused, failed, or written before) and the exit
-- country its username targeted (`country`, two letters; NULL without targeting). The records
-- carry no destination country: the gateway does not geolocate destinations.
-- The rollups gain the country in their key ('' for none: the records written before all have
-- none, so the rows summed so far stay right as they are) and a histogram of the connect times,
-- one column per bucket of `domain::traffic_health::BOUNDS_MS` (0-9 ms, then [10, 18) ms, …,
-- [5623, 10000) ms, and from 10 s), from which the percentiles are estimated.

ALTER TABLE connection_records ADD COLUMN connect_ms BIGINT;
ALTER TABLE connection_records ADD COLUMN country TEXT;

ALTER TABLE usage_hourly
    ADD COLUMN country TEXT NOT NULL DEFAULT '',
    ADD COLUMN connect_lt10 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt10 >= 0),
    ADD COLUMN connect_lt18 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt18 >= 0),
    ADD COLUMN connect_lt32 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt32 >= 0),
    ADD COLUMN connect_lt56 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt56 >= 0),
    ADD COLUMN connect_lt100 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt100 >= 0),
    ADD COLUMN connect_lt178 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt178 >= 0),
    ADD COLUMN connect_lt316 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt316 >= 0),
    ADD COLUMN connect_lt562 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt562 >= 0),
    ADD COLUMN connect_lt1000 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt1000 >= 0),
    ADD COLUMN connect_lt1778 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt1778 >= 0),
    ADD COLUMN connect_lt3162 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt3162 >= 0),
    ADD COLUMN connect_lt5623 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt5623 >= 0),
    ADD COLUMN connect_lt10000 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt10000 >= 0),
    ADD COLUMN connect_ge10000 BIGINT NOT NULL DEFAULT 0 CHECK (connect_ge10000 >= 0);
ALTER TABLE usage_hourly
    DROP CONSTRAINT usage_hourly_pkey,
    ADD PRIMARY KEY (user_id, hour, kind, credential_kind, credential_label, host, country, outcome, reason);

ALTER TABLE usage_daily_rollup
    ADD COLUMN country TEXT NOT NULL DEFAULT '',
    ADD COLUMN connect_lt10 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt10 >= 0),
    ADD COLUMN connect_lt18 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt18 >= 0),
    ADD COLUMN connect_lt32 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt32 >= 0),
    ADD COLUMN connect_lt56 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt56 >= 0),
    ADD COLUMN connect_lt100 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt100 >= 0),
    ADD COLUMN connect_lt178 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt178 >= 0),
    ADD COLUMN connect_lt316 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt316 >= 0),
    ADD COLUMN connect_lt562 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt562 >= 0),
    ADD COLUMN connect_lt1000 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt1000 >= 0),
    ADD COLUMN connect_lt1778 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt1778 >= 0),
    ADD COLUMN connect_lt3162 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt3162 >= 0),
    ADD COLUMN connect_lt5623 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt5623 >= 0),
    ADD COLUMN connect_lt10000 BIGINT NOT NULL DEFAULT 0 CHECK (connect_lt10000 >= 0),
    ADD COLUMN connect_ge10000 BIGINT NOT NULL DEFAULT 0 CHECK (connect_ge10000 >= 0);
ALTER TABLE usage_daily_rollup
    DROP CONSTRAINT usage_daily_rollup_pkey,
    ADD PRIMARY KEY (user_id, day, kind, credential_kind, credential_label, host, country, outcome, reason);
