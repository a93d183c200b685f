DELETE FROM wallet_ledger WHERE kind = 'client_sale';
ALTER TABLE wallet_ledger DROP CONSTRAINT wallet_ledger_kind_check;
ALTER TABLE wallet_ledger ADD CONSTRAINT wallet_ledger_kind_check CHECK (kind IN ('topup', 'purchase', 'referral_bonus', 'refund', 'admin_adjustment', 'sla_credit'));
DROP TABLE reseller_sales;
DROP TABLE reseller_prices;
ALTER TABLE resellers DROP COLUMN client_purchases;
DROP TABLE reseller_brands;
