-- The daily usage report (docs/notifications.md#daily-usage-report): opt-in per customer, off by
-- default.
ALTER TABLE alert_settings ADD COLUMN daily_report BOOLEAN NOT NULL DEFAULT FALSE;

-- One row per customer and reported UTC day (its start, unix seconds), inserted before the report
-- is written: the primary key lets one of several instances report a day, once. A day without
-- traffic gets its row too (nothing is sent). Rows older than a week are purged by the job.
CREATE TABLE daily_reports (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    reported_at BIGINT NOT NULL,
    sent BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, day)
);
CREATE INDEX daily_reports_day ON daily_reports (day);
