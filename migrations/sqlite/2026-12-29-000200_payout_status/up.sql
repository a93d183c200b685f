-- Payout status tracking (docs/admin-api/payouts.md): a payout the provider took is
-- `processing` until the provider reports it paid or failed (its callback, or a status check);
-- a final failure returns the held amount to the referral balance (`payout_failed`, once per
-- payout by the ledger's unique (kind, reference)).
-- SQLite cannot change a CHECK: both tables are copied (nothing references them yet).
CREATE TABLE referral_payouts_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    currency TEXT NOT NULL,
    address TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('requested', 'approved', 'processing', 'paid', 'failed', 'refused')),
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
INSERT INTO referral_payouts_new (id, order_id, user_id, amount_cents, currency, address, status,
        claimed_until, outcome_unknown, last_error, provider_ref, reason, decided_by, created_at,
        decided_at, paid_at)
    SELECT id, order_id, user_id, amount_cents, currency, address, status, claimed_until,
        outcome_unknown, last_error, provider_ref, reason, decided_by, created_at, decided_at,
        paid_at FROM referral_payouts;
DROP TABLE referral_payouts;
ALTER TABLE referral_payouts_new RENAME TO referral_payouts;
CREATE INDEX referral_payouts_user ON referral_payouts (user_id, id);
CREATE INDEX referral_payouts_status ON referral_payouts (status, id);

CREATE TABLE referral_ledger_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('earned', 'to_wallet', 'payout_requested', 'payout_refused', 'payout_failed')),
    amount_cents BIGINT NOT NULL CHECK (amount_cents <> 0),
    balance_after BIGINT NOT NULL CHECK (balance_after >= 0),
    reference TEXT NOT NULL,
    note TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (kind, reference)
);
INSERT INTO referral_ledger_new (id, user_id, kind, amount_cents, balance_after, reference, note, created_at)
    SELECT id, user_id, kind, amount_cents, balance_after, reference, note, created_at FROM referral_ledger;
DROP TABLE referral_ledger;
ALTER TABLE referral_ledger_new RENAME TO referral_ledger;
CREATE INDEX referral_ledger_user ON referral_ledger (user_id, id);

-- What the provider last said of each payout (one row per payout, written with it):
-- provider_status, its status word (process, check, paid, fail, cancel, system_fail); sent_at,
-- when it took the payout; checked_at, when its status was last asked for.
CREATE TABLE payout_tracking (
    payout_id BIGINT PRIMARY KEY REFERENCES referral_payouts (id) ON DELETE CASCADE,
    provider_status TEXT,
    sent_at BIGINT,
    checked_at BIGINT
);
INSERT INTO payout_tracking (payout_id) SELECT id FROM referral_payouts;
-- Every status a payout went through, written in the transaction that moves it: the status,
-- the provider's word at that moment, and what moved it (request, approval, refusal,
-- callback, check).
CREATE TABLE payout_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payout_id BIGINT NOT NULL REFERENCES referral_payouts (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    provider_status TEXT,
    source TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX payout_events_payout ON payout_events (payout_id, id);
