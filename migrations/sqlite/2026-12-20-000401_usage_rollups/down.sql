DROP INDEX usage_daily_day;
DROP TABLE usage_rollup_backfill;
DROP TABLE usage_daily_rollup;
DROP TABLE usage_hourly;
