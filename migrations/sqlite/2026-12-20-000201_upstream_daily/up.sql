-- The upstream pool that carried each connection (`connection_records.upstream_id`; NULL for
-- direct traffic and for pieces): shown to the operator, never to the customer. No foreign
-- key: a pool that carried traffic is deactivated, not deleted, and the gateway's inserts stay
-- free of a lookup per row.
ALTER TABLE connection_records ADD COLUMN upstream_id BIGINT;
-- What each pool carried per traffic kind and UTC day, and what it cost
-- (docs/admin-api/margins.md): added by every gateway flush in the transaction that writes the
-- records (several nodes add up). `cost_nanocents` is bytes times the pool's cost per GB in
-- cents at the time of the flush, in billionths of a cent (exact: a GB is 10^9 bytes), so a
-- price change applies from then on.
CREATE TABLE upstream_daily (
    pool_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    day TEXT NOT NULL,
    bytes BIGINT NOT NULL DEFAULT 0 CHECK (bytes >= 0),
    cost_nanocents BIGINT NOT NULL DEFAULT 0 CHECK (cost_nanocents >= 0),
    PRIMARY KEY (pool_id, kind, day)
);
CREATE INDEX upstream_daily_day ON upstream_daily (day);
