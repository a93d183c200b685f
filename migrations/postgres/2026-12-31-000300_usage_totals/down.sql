DROP TABLE usage_daily_totals;
DROP TABLE usage_hourly_totals;
