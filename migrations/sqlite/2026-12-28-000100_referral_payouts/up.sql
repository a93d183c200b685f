-- Referral payouts (docs/api.md#referral-payouts, docs/admin-api/payouts.md). A referrer's
-- earnings accrue to a referral balance apart from the wallet: one row per customer who ever
-- had one. Never below zero: a debit is one conditional UPDATE (the CHECK is the last guard).
-- Bonuses credited to wallets before this migration stay in the wallets.
CREATE TABLE referral_balances (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    balance_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    updated_at BIGINT NOT NULL
);
-- Every change of a referral balance, written in the change's transaction: the balance equals
-- the sum of the customer's rows. (kind, reference) is unique, so an operation applies once:
-- earned (reference: the payment), to_wallet (the wallet row's reference), payout_requested and
-- payout_refused (the payout's order id).
CREATE TABLE referral_ledger (
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
CREATE INDEX referral_ledger_user ON referral_ledger (user_id, id);
-- A customer's request to be paid referral money in a coin. The amount was held (debited from
-- the referral balance) when it was asked for. order_id is what the provider sees (unique, so a
-- payout is never sent as two). claimed_until: while an approval is calling the provider, no
-- other approval or refusal of this payout may start (a crashed call's claim runs out).
-- outcome_unknown: the last call's answer was lost, so the payout may be paid and is not refused.
CREATE TABLE referral_payouts (
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
CREATE INDEX referral_payouts_user ON referral_payouts (user_id, id);
CREATE INDEX referral_payouts_status ON referral_payouts (status, id);
