DROP TABLE reseller_sales;
DROP TABLE reseller_prices;
ALTER TABLE resellers DROP COLUMN client_purchases;
DROP TABLE reseller_brands;
