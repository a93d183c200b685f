DROP TABLE referral_payouts;
DROP TABLE referral_ledger;
DROP TABLE referral_balances;
