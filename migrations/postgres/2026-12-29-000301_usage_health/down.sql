-- Back to the rollups without country or connect times (rows of one group but another country are
-- added together).
CREATE TABLE usage_hourly_old AS
SELECT user_id, hour, kind, credential_kind, credential_label, host, outcome, reason,
       SUM(connections)::BIGINT AS connections, SUM(bytes_up)::BIGINT AS bytes_up,
       SUM(bytes_down)::BIGINT AS bytes_down, SUM(charged_bytes)::BIGINT AS charged_bytes,
       SUM(under_1s)::BIGINT AS under_1s, SUM(under_10s)::BIGINT AS under_10s,
       SUM(under_1m)::BIGINT AS under_1m, SUM(over_1m)::BIGINT AS over_1m
FROM usage_hourly GROUP BY user_id, hour, kind, credential_kind, credential_label, host, outcome, reason;
DELETE FROM usage_hourly;
ALTER TABLE usage_hourly DROP CONSTRAINT usage_hourly_pkey, DROP COLUMN country, DROP COLUMN connect_lt10, DROP COLUMN connect_lt18, DROP COLUMN connect_lt32, DROP COLUMN connect_lt56, DROP COLUMN connect_lt100, DROP COLUMN connect_lt178, DROP COLUMN connect_lt316, DROP COLUMN connect_lt562, DROP COLUMN connect_lt1000, DROP COLUMN connect_lt1778, DROP COLUMN connect_lt3162, DROP COLUMN connect_lt5623, DROP COLUMN connect_lt10000, DROP COLUMN connect_ge10000;
INSERT INTO usage_hourly SELECT * FROM usage_hourly_old;
DROP TABLE usage_hourly_old;
ALTER TABLE usage_hourly ADD PRIMARY KEY (user_id, hour, kind, credential_kind, credential_label, host, outcome, reason);
CREATE TABLE usage_daily_rollup_old AS
SELECT user_id, day, kind, credential_kind, credential_label, host, outcome, reason,
       SUM(connections)::BIGINT AS connections, SUM(bytes_up)::BIGINT AS bytes_up,
       SUM(bytes_down)::BIGINT AS bytes_down, SUM(charged_bytes)::BIGINT AS charged_bytes,
       SUM(under_1s)::BIGINT AS under_1s, SUM(under_10s)::BIGINT AS under_10s,
       SUM(under_1m)::BIGINT AS under_1m, SUM(over_1m)::BIGINT AS over_1m
FROM usage_daily_rollup GROUP BY user_id, day, kind, credential_kind, credential_label, host, outcome, reason;
DELETE FROM usage_daily_rollup;
ALTER TABLE usage_daily_rollup DROP CONSTRAINT usage_daily_rollup_pkey, DROP COLUMN country, DROP COLUMN connect_lt10, DROP COLUMN connect_lt18, DROP COLUMN connect_lt32, DROP COLUMN connect_lt56, DROP COLUMN connect_lt100, DROP COLUMN connect_lt178, DROP COLUMN connect_lt316, DROP COLUMN connect_lt562, DROP COLUMN connect_lt1000, DROP COLUMN connect_lt1778, DROP COLUMN connect_lt3162, DROP COLUMN connect_lt5623, DROP COLUMN connect_lt10000, DROP COLUMN connect_ge10000;
INSERT INTO usage_daily_rollup SELECT * FROM usage_daily_rollup_old;
DROP TABLE usage_daily_rollup_old;
ALTER TABLE usage_daily_rollup ADD PRIMARY KEY (user_id, day, kind, credential_kind, credential_label, host, outcome, reason);
ALTER TABLE connection_records DROP COLUMN country;
ALTER TABLE connection_records DROP COLUMN connect_ms;
