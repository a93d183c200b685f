DROP TABLE customer_prices;
DROP TABLE plan_tiers;
DROP TABLE purchase_prices;
DROP TABLE coupons;
