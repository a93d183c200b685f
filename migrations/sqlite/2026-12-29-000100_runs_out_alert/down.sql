ALTER TABLE alert_settings DROP COLUMN runs_out_within_days;
