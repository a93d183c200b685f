-- Payout status tracking (docs/admin-api/payouts.md): a payout the provider took is
-- `processing` until the provider reports it paid or failed (its callback, or a status check);
-- a final failure returns the held amount to the referral balance (`payout_failed`, once per
-- payout by the ledger's unique (kind, reference)).
ALTER TABLE referral_payouts DROP CONSTRAINT referral_payouts_status_check;
ALTER TABLE referral_payouts ADD CONSTRAINT referral_payouts_status_check
    CHECK (status IN ('requested', 'approved', 'processing', 'paid', 'failed', 'refused'));
ALTER TABLE referral_ledger DROP CONSTRAINT referral_ledger_kind_check;
ALTER TABLE referral_ledger ADD CONSTRAINT referral_ledger_kind_check
    CHECK (kind IN ('earned', 'to_wallet', 'payout_requested', 'payout_refused', 'payout_failed'));
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
    id BIGSERIAL PRIMARY KEY,
    payout_id BIGINT NOT NULL REFERENCES referral_payouts (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    provider_status TEXT,
    source TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX payout_events_payout ON payout_events (payout_id, id);
