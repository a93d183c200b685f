DROP TABLE payout_tracking;
DROP TABLE payout_events;

CREATE TABLE referral_ledger_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('earned', 'to_wallet', 'payout_requested', 'payout_refused')),
    amount_cents BIGINT NOT NULL CHECK (amount_cents <> 0),
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reference TEXT NOT NULL,
    note TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (kind, reference)
);
INSERT INTO referral_ledger_old (id, user_id, kind, amount_cents, balance_after, reference, note, created_at)
    SELECT id, user_id, kind, amount_cents, balance_after, reference, note, created_at
    FROM referral_ledger WHERE kind <> 'payout_failed';
DROP TABLE referral_ledger;
ALTER TABLE referral_ledger_old RENAME TO referral_ledger;
CREATE INDEX referral_ledger_user ON referral_ledger (user_id, id);

CREATE TABLE referral_payouts_old (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    address TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('requested', 'approved', 'paid', 'refused')),
    claimed_until BIGINT,
    outcome_unknown BOOLEAN NOT NULL DEFAULT FALSE,
    last_error TEXT,
    provider_ref TEXT,
    reason TEXT,
    decided_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    decided_at BIGINT,
    paid_at BIGINT
);
INSERT INTO referral_payouts_old (id, order_id, user_id, amount_cents, currency, address, status,
        claimed_until, outcome_unknown, last_error, provider_ref, reason, decided_by, created_at,
        decided_at, paid_at)
    SELECT id, order_id, user_id, amount_cents, currency, address,
        CASE status WHEN 'processing' THEN 'approved' WHEN 'failed' THEN 'refused' ELSE status END,
        claimed_until, outcome_unknown, last_error, provider_ref, reason, decided_by, created_at,
        decided_at, paid_at FROM referral_payouts;
DROP TABLE referral_payouts;
ALTER TABLE referral_payouts_old RENAME TO referral_payouts;
CREATE INDEX referral_payouts_user ON referral_payouts (user_id, id);
CREATE INDEX referral_payouts_status ON referral_payouts (status, id);
