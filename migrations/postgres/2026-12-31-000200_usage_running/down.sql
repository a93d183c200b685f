DROP TABLE usage_running_hourly;
DROP TABLE usage_running_daily;
DROP TABLE usage_groups;
