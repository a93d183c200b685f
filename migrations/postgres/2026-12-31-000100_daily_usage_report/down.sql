DROP TABLE daily_reports;
ALTER TABLE alert_settings DROP COLUMN daily_report;
