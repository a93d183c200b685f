-- Free trials are counted per network (an IPv4 /24, an IPv6 /64) and UTC day in trial_ip_days,
-- whose `ip` column now holds that network. `extra`: trials the operator allowed the network on
-- top of the configured limit for that day (an office or a university behind one address);
-- `refused`: sign-ups of that day that got no trial because the network had its trials.
ALTER TABLE trial_ip_days ADD COLUMN extra INTEGER NOT NULL DEFAULT 0 CHECK (extra >= 0);
ALTER TABLE trial_ip_days ADD COLUMN refused INTEGER NOT NULL DEFAULT 0 CHECK (refused >= 0);

-- Accounts that got no free trial, and why: 'mailbox' (the mailbox had one before) or
-- 'network' (the sign-up's network had its trials that day). The dashboard tells the customer.
CREATE TABLE trial_refusals (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    reason TEXT NOT NULL CHECK (reason IN ('mailbox', 'network')),
    refused_at BIGINT NOT NULL
);

-- What an alert notification is about and the date it states: `subject` as in alert_marks
-- (`expiry:traffic:premium`, `expiry:piece:12`), `stated_at` the expiry it announces. When a
-- purchase or renewal moves that expiry, the alerts check deletes the notification, whose date
-- is no longer true. NULL for every other notification.
ALTER TABLE notifications ADD COLUMN subject TEXT;
ALTER TABLE notifications ADD COLUMN stated_at BIGINT;
CREATE INDEX notifications_stated_at ON notifications (stated_at) WHERE stated_at IS NOT NULL;
