-- The alert when a traffic kind runs out within this many days at the customer's recent pace
-- (null: off).
ALTER TABLE alert_settings ADD COLUMN runs_out_within_days BIGINT;
