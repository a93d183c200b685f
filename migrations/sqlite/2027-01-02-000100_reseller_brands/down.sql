DELETE FROM wallet_ledger WHERE kind = 'client_sale';
DROP TABLE reseller_sales;
DROP TABLE reseller_prices;
ALTER TABLE resellers DROP COLUMN client_purchases;
DROP TABLE reseller_brands;
