DROP TABLE sla_credits;
DROP TABLE incident_updates;
DROP TABLE incidents;
DROP TABLE status_marks;
DROP TABLE status_days;
DELETE FROM wallet_ledger WHERE kind = 'sla_credit';
ALTER TABLE wallet_ledger DROP CONSTRAINT wallet_ledger_kind_check;
ALTER TABLE wallet_ledger ADD CONSTRAINT wallet_ledger_kind_check CHECK (kind IN ('topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment'));
