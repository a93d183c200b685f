DROP TABLE payout_tracking;
DROP TABLE payout_events;
DELETE FROM referral_ledger WHERE kind = 'payout_failed';
ALTER TABLE referral_ledger DROP CONSTRAINT referral_ledger_kind_check;
ALTER TABLE referral_ledger ADD CONSTRAINT referral_ledger_kind_check
    CHECK (kind IN ('earned', 'to_wallet', 'payout_requested', 'payout_refused'));
UPDATE referral_payouts SET status = 'approved' WHERE status = 'processing';
UPDATE referral_payouts SET status = 'refused' WHERE status = 'failed';
ALTER TABLE referral_payouts DROP CONSTRAINT referral_payouts_status_check;
ALTER TABLE referral_payouts ADD CONSTRAINT referral_payouts_status_check
    CHECK (status IN ('requested', 'approved', 'paid', 'refused'));
