-- The ledger takes the kind sla_credit (docs/status.md#sla-credits).
CREATE TABLE wallet_ledger_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment', 'sla_credit')),
    amount_cents BIGINT NOT NULL,
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reference TEXT NOT NULL,
    note TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (kind, reference)
);
INSERT INTO wallet_ledger_new (id, user_id, kind, amount_cents, balance_after, reference, note, created_at)
    SELECT id, user_id, kind, amount_cents, balance_after, reference, note, created_at FROM wallet_ledger;
DROP TABLE wallet_ledger;
ALTER TABLE wallet_ledger_new RENAME TO wallet_ledger;
CREATE INDEX wallet_ledger_user ON wallet_ledger (user_id, id);
CREATE INDEX wallet_ledger_kind_created ON wallet_ledger (kind, created_at);

-- The public status page (GET /api/status, docs/status.md). status_days: one row per component
-- and UTC day, the minutes measured up and down, added to once a minute by the status probe.
-- status_marks: per component, the last minute counted (a minute is counted once across
-- instances: the update is conditional on it) and the real-traffic counters read then, so the
-- next minute's traffic is the difference.
CREATE TABLE status_days (
    component TEXT NOT NULL,
    day TEXT NOT NULL,
    up_minutes BIGINT NOT NULL DEFAULT 0,
    down_minutes BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (component, day)
);
CREATE TABLE status_marks (
    component TEXT PRIMARY KEY NOT NULL,
    minute BIGINT NOT NULL,
    up BOOLEAN NOT NULL,
    hour BIGINT NOT NULL,
    ok BIGINT NOT NULL,
    failed BIGINT NOT NULL
);
-- Incidents and scheduled maintenance, written by operators (audited); components is the
-- comma-separated list of component ids. A maintenance has its window (starts_at, ends_at).
CREATE TABLE incidents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    status TEXT NOT NULL,
    components TEXT NOT NULL,
    maintenance BOOLEAN NOT NULL DEFAULT FALSE,
    starts_at BIGINT,
    ends_at BIGINT,
    started_at BIGINT NOT NULL,
    resolved_at BIGINT
);
CREATE TABLE incident_updates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    incident_id BIGINT NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    body TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX incident_updates_incident ON incident_updates (incident_id, id);
-- SLA credits: one per customer, kind and month (the primary key decides it across instances
-- and reruns); the ledger row is written in the same transaction.
CREATE TABLE sla_credits (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    month TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind, month)
);
