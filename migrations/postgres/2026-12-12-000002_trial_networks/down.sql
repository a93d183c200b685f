DROP INDEX notifications_stated_at;
ALTER TABLE notifications DROP COLUMN stated_at;
ALTER TABLE notifications DROP COLUMN subject;
DROP TABLE trial_refusals;
ALTER TABLE trial_ip_days DROP COLUMN refused;
ALTER TABLE trial_ip_days DROP COLUMN extra;
