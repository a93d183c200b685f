DROP TABLE sla_credits;
DROP TABLE incident_updates;
DROP TABLE incidents;
DROP TABLE status_marks;
DROP TABLE status_days;
DELETE FROM wallet_ledger WHERE kind = 'sla_credit';
CREATE TABLE wallet_ledger_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment')),
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
