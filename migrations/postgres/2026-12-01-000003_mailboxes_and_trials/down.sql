DROP TABLE trial_ip_days;
DROP TABLE trial_grants;
DROP TABLE mailboxes;
