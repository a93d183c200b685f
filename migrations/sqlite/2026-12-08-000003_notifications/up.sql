-- The in-app notification centre: what happened to a customer's account that they should know
-- about (alerts, renewals, credited payments, delivered orders), newest first, read or unread.
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at BIGINT
);
CREATE INDEX notifications_user ON notifications (user_id, id);

-- A customer's alert thresholds and channels (no row: the defaults). The lists are JSON arrays
-- of whole numbers; the webhook secret is sealed under the session secret.
CREATE TABLE alert_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    traffic_percent TEXT NOT NULL,
    expiry_days TEXT NOT NULL,
    balance_below_cents BIGINT,
    email BOOLEAN NOT NULL DEFAULT 1,
    webhook_url TEXT,
    webhook_secret TEXT,
    updated_at BIGINT NOT NULL
);

-- One row per threshold that fired and has not re-armed: (customer, what it watches, the
-- threshold). Its primary key makes each crossing fire once, whichever instance sees it first;
-- the row goes when the figure moves back (a purchase, a top-up, a renewal).
CREATE TABLE alert_marks (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subject TEXT NOT NULL,
    threshold BIGINT NOT NULL,
    fired_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, subject, threshold)
);

-- Webhook calls: one per notification sent to a customer's webhook, retried with backoff until
-- delivered or 24 hours passed. A sender claims a row by moving next_at forward (one statement),
-- so two instances never send the same attempt.
CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    notification_id BIGINT NOT NULL,
    url TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at BIGINT,
    last_code INTEGER,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT
);
CREATE INDEX webhook_deliveries_next ON webhook_deliveries (next_at);
CREATE INDEX webhook_deliveries_user ON webhook_deliveries (user_id, id);
