-- An upstream pool's real traffic per hour (docs/admin-api/upstreams.md): what the gateway's
-- connects through it ended with, how long the successful ones took (a histogram: `le_50` counts
-- the connects of at most 50 ms, ... `over_5000` the slower ones) and the bytes it carried.
-- Every gateway node adds its counts to the same row; rows older than two days are purged by
-- the probe job, so the table stays bounded (pools × 48 rows).
CREATE TABLE upstream_pool_hours (
    pool_id BIGINT NOT NULL REFERENCES upstream_pools (id) ON DELETE CASCADE,
    hour BIGINT NOT NULL,
    ok BIGINT NOT NULL DEFAULT 0,
    pool_failed BIGINT NOT NULL DEFAULT 0,
    destination_failed BIGINT NOT NULL DEFAULT 0,
    le_50 BIGINT NOT NULL DEFAULT 0,
    le_100 BIGINT NOT NULL DEFAULT 0,
    le_250 BIGINT NOT NULL DEFAULT 0,
    le_500 BIGINT NOT NULL DEFAULT 0,
    le_1000 BIGINT NOT NULL DEFAULT 0,
    le_2500 BIGINT NOT NULL DEFAULT 0,
    le_5000 BIGINT NOT NULL DEFAULT 0,
    over_5000 BIGINT NOT NULL DEFAULT 0,
    bytes BIGINT NOT NULL DEFAULT 0 CHECK (bytes >= 0),
    PRIMARY KEY (pool_id, hour)
);
